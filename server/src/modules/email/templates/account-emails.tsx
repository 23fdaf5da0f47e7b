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

export const staffInvite = {
  subject: () => "You've been invited to the back office",
  Body: ({ userName, token, days, ctx }: Props<'staffInvite'>) => (
    <Layout ctx={ctx} preview="Choose a password to join the back office">
      <P>Hello {userName},</P>
      <P>
        You've been invited to help run {ctx.shopName}. Choose a password with the link below to
        sign in to the back office. It works once, for {days} days.
      </P>
      <ButtonLink href={resetLink(ctx, token)}>Choose my password</ButtonLink>
      <P>If you did not expect this, ignore this message.</P>
    </Layout>
  ),
};

export const claimLink = (ctx: RenderContext, token: string) =>
  `${ctx.publicUrl}/shop/claim-orders?token=${encodeURIComponent(token)}`;

export const claimOrders = {
  subject: () => 'Add your earlier orders to your account',
  Body: ({ userName, token, days, ctx }: Props<'claimOrders'>) => (
    <Layout ctx={ctx} preview="Orders you placed as a guest can join your account">
      <P>Hello {userName},</P>
      <P>
        Orders were placed as a guest with this email address. Follow the link below, signed in to
        your account, to see them with your other orders. It works once, for {days} days.
      </P>
      <ButtonLink href={claimLink(ctx, token)}>Add them to my account</ButtonLink>
      <P>If these orders are not yours, ignore this message: nothing changes.</P>
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

export const accountDeleted = {
  subject: () => 'Your account was deleted',
  Body: ({ userName, ctx }: Props<'accountDeleted'>) => (
    <Layout ctx={ctx} preview="Your personal data was erased">
      <P>Hello {userName},</P>
      <P>
        Your account at {ctx.shopName} was deleted as asked. Your name, email address, addresses,
        saved items, stock alerts and saved sizes are erased and you are signed out everywhere.
      </P>
      <P>
        Orders are kept for the shop&apos;s accounts without your name, email, phone or address;
        your reviews keep only their rating, under &quot;Former customer&quot;. This is the last
        message we send to this address.
      </P>
    </Layout>
  ),
};

export const guestPrivacyLink = (ctx: RenderContext, token: string) =>
  `${ctx.publicUrl}/shop/order/privacy/${encodeURIComponent(token)}`;

export const guestPrivacy = {
  subject: (d: EmailTemplates['guestPrivacy']) =>
    d.request === 'erase'
      ? `Confirm the erasure of your data (order #${d.orderNumber})`
      : `Download your data (order #${d.orderNumber})`,
  Body: ({ orderNumber, request, token, hours, ctx }: Props<'guestPrivacy'>) => (
    <Layout ctx={ctx} preview="The link that answers your privacy request">
      <P>Hello,</P>
      <P>
        {request === 'erase'
          ? `Someone (we hope you) asked us to erase the personal data of the orders placed as a guest with this email address, order #${orderNumber} among them. Follow the link below to confirm.`
          : `Someone (we hope you) asked for the data we hold about the orders placed as a guest with this email address, order #${orderNumber} among them. Follow the link below to download it.`}{' '}
        The link works for {hours} hours.
      </P>
      <ButtonLink href={guestPrivacyLink(ctx, token)}>
        {request === 'erase' ? 'Review and confirm the erasure' : 'Download my data'}
      </ButtonLink>
      <P>If you did not ask for this, ignore this message: nothing changes.</P>
    </Layout>
  ),
};
