// Built for Node (vite build --ssr) and run once after the client build: the sign-in and
// register pages as static HTML, which the server puts in the page shell so their text paints
// before any JavaScript runs. React replaces it with the same markup when it starts.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ForgotPasswordPage } from '@/routes/auth/forgot-password';
import { AuthLayout } from '@/routes/auth/layout';
import { LoginPage } from '@/routes/auth/login';
import { RegisterPage } from '@/routes/auth/register';

function render(path: string) {
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth" element={<AuthLayout />}>
            <Route path="login" element={<LoginPage />} />
            <Route path="register" element={<RegisterPage />} />
            <Route path="forgot-password" element={<ForgotPasswordPage />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // The document's own <title> stays in <head>.
  return html.replace(/<title>.*?<\/title>/g, '');
}

export function prerenderPages(): Record<string, string> {
  // The reset page depends on its link's token, so it is rendered in the browser only.
  return Object.fromEntries(
    ['/auth/login', '/auth/register', '/auth/forgot-password'].map((p) => [p, render(p)]),
  );
}
