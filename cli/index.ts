// `turma`'s entry point (cli/bin.js loads it): the program on the process's own streams and environment.
import { runCli } from './program';

process.exitCode = await runCli(process.argv.slice(2));
