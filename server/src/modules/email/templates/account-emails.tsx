import { ButtonLink, Layout, P } from './layout';
import type { EmailTemplates, RenderContext } from './types';

type Props<K extends keyof EmailTemplates> = EmailTemplates[K] & { ctx: RenderContext };

export const resetLink = (ctx: RenderContext, token: string) =>
  `${ctx.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;

export const passwordReset = {
  subject: () => 'Reset your password',
  Body: ({ userName, token, minutes, ctx }: Props<'passwordReset'>) => (
    <Layout ctx={ctx} preview="A link to choose a new password">
      <P>Hello {userName},</P>
      <P>
        Someone (we hope you) asked to reset the password of your account. The link below works
        once, for {minutes} minutes.
      </P>
      <ButtonLink href={resetLink(ctx, token)}>Choose a new password</ButtonLink>
      <P>If you did not ask for this, ignore this message: your password stays as it is.</P>
    </Layout>
  ),
};

const variantText = (d: { size?: string | undefined; color?: string | undefined }) =>
  [d.size && `size ${d.size}`, d.color && `colour ${d.color}`].filter(Boolean).join(', ');

export const backInStock = {
  subject: (d: EmailTemplates['backInStock']) => `${d.title} is back in stock`,
  Body: ({ productId, title, ctx, ...rest }: Props<'backInStock'>) => (
    <Layout ctx={ctx} preview={`${title} is back`}>
      <P>Good news:</P>
      <P>
        {title}
        {variantText(rest) ? ` (${variantText(rest)})` : ''} is back in stock. Stock is limited, so
        do not wait too long.
      </P>
      <ButtonLink href={`${ctx.publicUrl}/shop/product/${productId}`}>See the product</ButtonLink>
    </Layout>
  ),
};
