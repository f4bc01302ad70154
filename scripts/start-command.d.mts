/** What `npm start` runs: package.json's `start` script read back (start-command.mjs). */
export function startCommand(root: string): { env: Record<string, string>; args: string[] };
