// `turma messages test --to <phone>`: one template through the configured WhatsApp messenger, for an operator setting
// up the WhatsApp Business account (docs/integrations.md#whatsapp); prints the provider's message id or why it failed.
import type { Command } from 'commander';
import { loadConfig } from '../../adapters/config';
import { createLogger } from '../../adapters/logger';
import { WhatsappCloudMessenger } from '../../adapters/messaging/whatsapp-cloud.messenger';
import { TOKENS } from '../../adapters/tokens';
import { MessengerError, describeFailure, toE164, type Messenger, type TemplateLanguage } from '../../core/messaging/messenger';
import { CliError, cliIo, printObject, setExitCode, withApp, writeErr, type OutputOptions } from '../runtime';

const LANGUAGES: readonly TemplateLanguage[] = ['pt_BR', 'en_US'];

async function sendWith(messenger: Messenger, to: string, template: string, language: TemplateLanguage, opts: OutputOptions) {
  try {
    const { provider_message_id } = await messenger.sendTemplate({ to, template, language, parameters: [] });
    printObject({ enviado_para: to, modelo: template, idioma: language, provedor: messenger.name, id_da_mensagem: provider_message_id }, opts);
  } catch (err) {
    if (!(err instanceof MessengerError)) throw err;
    writeErr(`Falhou: ${describeFailure(err)}\n`);
    setExitCode(1);
  }
}

export function registerMessagesCommands(program: Command) {
  const messages = program.command('messages').description('mensagens fora do site: WhatsApp');

  messages
    .command('test')
    .description('envia um modelo de teste pelo WhatsApp configurado (WHATSAPP_PROVIDER) e mostra o id da mensagem')
    .requiredOption('--to <telefone>', 'o número que recebe, com DDD (ex.: +55 11 98765-4321)')
    .option('--template <nome>', 'o modelo aprovado a enviar (padrão: WHATSAPP_TEST_TEMPLATE, hello_world)')
    .option('--language <código>', 'o idioma do modelo: pt_BR ou en_US (padrão: en_US para hello_world, senão pt_BR)')
    .option('--json', 'saída em JSON')
    .action(async (opts: OutputOptions & { to: string; template?: string; language?: string }) => {
      const to = toE164(opts.to);
      if (!to) throw new CliError(`telefone inválido: ${opts.to} (use o DDD e o número, ex.: +55 11 98765-4321)`);
      const config = loadConfig({ LOG_LEVEL: 'warn', ...cliIo().env });
      const template = opts.template ?? config.whatsapp.testTemplate;
      const language = (opts.language ?? (template === 'hello_world' ? 'en_US' : 'pt_BR')) as TemplateLanguage;
      if (!LANGUAGES.includes(language)) throw new CliError(`idioma inválido: ${opts.language} (use pt_BR ou en_US)`);
      const w = config.whatsapp;
      if (w.provider === 'off') throw new CliError('o WhatsApp está desligado (WHATSAPP_PROVIDER=off): configure WHATSAPP_PROVIDER=cloud e as variáveis WHATSAPP_*');
      if (w.provider === 'cloud') {
        // The Cloud API needs no database: the operator can test the account before the first deploy.
        const messenger = new WhatsappCloudMessenger({ baseUrl: w.apiUrl, version: w.apiVersion, phoneNumberId: w.phoneNumberId!, accessToken: w.accessToken!, logger: createLogger('silent') });
        await sendWith(messenger, to, template, language, opts);
        return;
      }
      await withApp(({ container }) => sendWith(container.get<Messenger>(TOKENS.Messenger), to, template, language, opts));
    });
}
