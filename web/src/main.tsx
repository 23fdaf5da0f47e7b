import '@/lib/zod-jitless';
import '@/lib/document-entry';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

/** Lets the browser paint and take input between the steps below (boot.tsx has its own). */
const yieldToBrowser = () => new Promise((resolve) => setTimeout(resolve, 0));

// The app starts in steps, each its own task: React DOM's code runs first, then the router's
// and the data layer's, then the app's. One task running all of it blocked a phone's main
// thread for a third of a second with the server's page already on screen. The server
// preloads every step's code with the page (page-shell/web-shell.ts), so no step waits for it.
await import('react-dom/client');
await yieldToBrowser();
await import('./app/libraries');
await yieldToBrowser();
const { start } = await import('./app/boot');
await start(root);
