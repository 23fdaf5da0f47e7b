import type { ReactNode } from 'react';
import type { RenderContext } from './types';

const font = 'Helvetica, Arial, sans-serif';

/** The frame of every message: the shop's name on top, a footer saying why it was sent. */
export function Layout({
  ctx,
  preview,
  children,
}: {
  ctx: RenderContext;
  preview: string;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>{ctx.shopName}</title>
      </head>
      <body style={{ margin: 0, background: '#f4f4f5', fontFamily: font, color: '#18181b' }}>
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{preview}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 560, background: '#ffffff', borderRadius: 8 }}
                >
                  <tbody>
                    <tr>
                      <td style={{ padding: '20px 24px', borderBottom: '1px solid #e4e4e7' }}>
                        <h1 style={{ margin: 0, fontSize: 18 }}>
                          <a
                            href={ctx.publicUrl}
                            style={{ color: '#18181b', textDecoration: 'none' }}
                          >
                            {ctx.shopName}
                          </a>
                        </h1>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: 24, fontSize: 15, lineHeight: '22px' }}>{children}</td>
                    </tr>
                    <tr>
                      <td style={{ padding: '16px 24px', fontSize: 12, color: '#71717a' }}>
                        <p style={{ margin: 0 }}>
                          {ctx.reason ??
                            `You receive this message because of your account at ${ctx.shopName}.`}
                        </p>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function P({ children }: { children: ReactNode }) {
  return <p style={{ margin: '0 0 14px' }}>{children}</p>;
}

export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '20px 0' }}>
      <a
        href={href}
        style={{
          background: '#18181b',
          color: '#ffffff',
          padding: '10px 18px',
          borderRadius: 6,
          textDecoration: 'none',
          display: 'inline-block',
        }}
      >
        {children}
      </a>
    </p>
  );
}
