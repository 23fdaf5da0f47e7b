// The router's and the data layer's code, imported on its own by main.tsx so that it runs in a
// task of its own before the app's. Named imports (not the whole packages) keep tree-shaking.
export { hydrate, QueryClient } from '@tanstack/react-query';
export { BrowserRouter, renderMatches } from 'react-router';
