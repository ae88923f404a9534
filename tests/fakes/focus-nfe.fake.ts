// A local Focus NFe on 127.0.0.1 speaking API v2 for NF-e (POST /v2/nfe?ref=, GET and DELETE /v2/nfe/{ref}, HTTP Basic
// with the token as the user), recording every request. Faults are programmable: a 400 schema error, a SEFAZ
// rejection, a 5xx, a hang, authorisation after n consults.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jsonRequests } from './json-requests';

export interface FocusNfeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export type FocusNfeBehaviour =
  /** Accept (202) and authorise after `consults` GETs (0: the first GET answers autorizado). */
  | { kind: 'accept'; consults?: number }
  /** The first GET answers erro_autorizacao with SEFAZ's message. */
  | { kind: 'sefaz_rejects'; status_sefaz: string; mensagem_sefaz: string }
  | { kind: 'schema_error'; mensagem: string; campo: string }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'hang' };

export interface FocusNfeFake {
  url: string;
  token: string;
  requests: FocusNfeRequest[];
  /** Behaviours of the POSTs in turn, the last repeating; default: accept, authorised at the first consult. */
  set(...behaviours: FocusNfeBehaviour[]): void;
  /** The next DELETEs answer erro_cancelamento (SEFAZ refused, e.g. past the window). */
  refuseCancel(message: string | null): void;
  close(): Promise<void>;
}

/** A valid key (check digit 5): the example of the NF-e integration manual. */
export const FAKE_FOCUS_KEY = '52060433009911002506550120000007800267301615';

interface Note {
  status: 'processando_autorizacao' | 'autorizado' | 'erro_autorizacao' | 'cancelado';
  consultsLeft: number;
  rejection?: { status_sefaz: string; mensagem_sefaz: string };
}

export async function startFocusNfeFake(token = 'fake-focus-token'): Promise<FocusNfeFake> {
  const requests: FocusNfeRequest[] = [];
  const notes = new Map<string, Note>();
  let queue: FocusNfeBehaviour[] = [{ kind: 'accept' }];
  let cancelRefusal: string | null = null;
  const next = () => (queue.length > 1 ? queue.shift()! : queue[0]!);
  const server = createServer(
    jsonRequests((request, send, req) => {
      const body = request.body;
      requests.push(request);
      if (req.headers.authorization !== `Basic ${Buffer.from(`${token}:`).toString('base64')}`) return send(401, { codigo: 'nao_autorizado', mensagem: 'Token de acesso inválido' });
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'POST' && url.pathname === '/v2/nfe') {
        const ref = url.searchParams.get('ref') ?? '';
        const behaviour = next();
        if (behaviour.kind === 'hang') return;
        if (behaviour.kind === 'status') return send(behaviour.status, behaviour.body ?? { codigo: 'erro_interno', mensagem: 'Erro interno' });
        if (behaviour.kind === 'schema_error') return send(400, { codigo: 'erro_validacao_schema', mensagem: behaviour.mensagem, erros: [{ codigo: 'campo_invalido', campo: behaviour.campo, mensagem: 'valor inválido' }] });
        if (!Array.isArray(body?.items) || !body.cnpj_emitente) return send(400, { codigo: 'erro_validacao_schema', mensagem: 'Erro de validação do schema', erros: [{ campo: 'items', mensagem: 'obrigatório' }] });
        notes.set(ref, behaviour.kind === 'sefaz_rejects' ? { status: 'processando_autorizacao', consultsLeft: 0, rejection: behaviour } : { status: 'processando_autorizacao', consultsLeft: behaviour.consults ?? 0 });
        return send(202, { cnpj_emitente: body.cnpj_emitente, ref, status: 'processando_autorizacao' });
      }
      const match = /^\/v2\/nfe\/([^/]+)$/.exec(url.pathname);
      const note = match ? notes.get(decodeURIComponent(match[1]!)) : undefined;
      if (!match || !note) return send(404, { codigo: 'nao_encontrado', mensagem: 'Nota fiscal não encontrada' });
      if (req.method === 'GET') {
        if (note.status === 'processando_autorizacao') {
          if (note.rejection) Object.assign(note, { status: 'erro_autorizacao' });
          else if (note.consultsLeft > 0) note.consultsLeft -= 1;
          else note.status = 'autorizado';
        }
        if (note.status === 'processando_autorizacao') return send(200, { status: 'processando_autorizacao' });
        if (note.status === 'erro_autorizacao') return send(200, { status: 'erro_autorizacao', ...note.rejection });
        return send(200, {
          status: note.status,
          status_sefaz: '100',
          mensagem_sefaz: 'Autorizado o uso da NF-e',
          chave_nfe: `NFe${FAKE_FOCUS_KEY}`,
          numero: '780',
          serie: '12',
          caminho_xml_nota_fiscal: `/arquivos_development/${FAKE_FOCUS_KEY}-nfe.xml`,
          caminho_danfe: `/arquivos_development/${FAKE_FOCUS_KEY}.pdf`,
        });
      }
      if (req.method === 'DELETE') {
        if (cancelRefusal) return send(200, { status: 'erro_cancelamento', status_sefaz: '501', mensagem_sefaz: cancelRefusal });
        note.status = 'cancelado';
        return send(200, { status: 'cancelado', status_sefaz: '135', mensagem_sefaz: 'Evento registrado e vinculado a NF-e', caminho_xml_cancelamento: '/arquivos_development/cancelamento.xml' });
      }
      return send(405, { codigo: 'metodo_nao_permitido', mensagem: 'Método não permitido' });
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    set: (...behaviours) => {
      queue = behaviours.length ? behaviours : [{ kind: 'accept' }];
    },
    refuseCancel: (message) => {
      cancelRefusal = message;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
