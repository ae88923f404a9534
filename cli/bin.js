#!/usr/bin/env node
// `turma` / `npx turma`: runs the TypeScript CLI through tsx, so no compile step is needed.
import { register } from 'tsx/esm/api';

register();
await import('./index.ts');
