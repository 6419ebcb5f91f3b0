#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// The project's tsconfig wherever the command is started from (JSX settings for the Ink UI).
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { main } = await import('../cli/main.ts');
await main(process.argv);
