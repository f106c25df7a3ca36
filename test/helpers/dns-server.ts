/**
 * A DNS server on 127.0.0.1 (UDP) for tests of host lookups: it answers A and AAAA questions as
 * `answer(name)` says (addresses, no such name), holds the questions it is told to hold unanswered
 * until `release()` (then answers them "no such name"), and never answers the ones it is told to drop:
 * the nameserver of a domain that never answers. It records every question it was asked.
 */
import dgram from 'node:dgram';
import { isIP } from 'node:net';

/** What to do with a question for a name: these addresses, no such name, hold it (until release), or never answer. */
export type DnsAnswer = string[] | 'nxdomain' | 'hold' | 'drop';

export interface DnsServer {
  /** `127.0.0.1:port`, as a resolver's server. */
  address: string;
  /** The names asked, in order (lower case, once per question: A and AAAA are two). */
  asked: string[];
  /** Answers every held question (no such name), and those that come later as `answer` says. */
  release(): void;
  close(): Promise<void>;
}

const TYPE_A = 1;
const TYPE_AAAA = 28;

export async function startDnsServer(answer: (name: string) => DnsAnswer): Promise<DnsServer> {
  const socket = dgram.createSocket('udp4');
  const asked: string[] = [];
  let holding = true;
  const held: (() => void)[] = [];
  socket.on('message', (query, peer) => {
    const question = parseQuestion(query);
    if (!question) return;
    asked.push(question.name);
    const send = (reply: Buffer) => socket.send(reply, peer.port, peer.address);
    let decided = answer(question.name);
    if (decided === 'hold' && !holding) decided = 'nxdomain';
    if (decided === 'drop') return;
    if (decided === 'hold') {
      held.push(() => send(reply(query, question, 'nxdomain')));
      return;
    }
    send(reply(query, question, decided));
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    asked,
    release: () => {
      holding = false;
      for (const answerHeld of held.splice(0)) answerHeld();
    },
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

interface Question {
  name: string;
  type: number;
  /** Where the question section ends in the query. */
  end: number;
}

function parseQuestion(query: Buffer): Question | undefined {
  if (query.length < 12 || query.readUInt16BE(4) !== 1) return undefined;
  const labels: string[] = [];
  let at = 12;
  while (at < query.length && query[at]! > 0) {
    const length = query[at]!;
    labels.push(query.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  if (at + 5 > query.length) return undefined;
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(at + 1), end: at + 5 };
}

/** The answer to `query`: its id and question, then the addresses of the asked type (none: no data), or no such name. */
function reply(query: Buffer, question: Question, answer: string[] | 'nxdomain'): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  const records = answer === 'nxdomain' ? [] : answer.filter((address) => isIP(address) === (question.type === TYPE_AAAA ? 6 : question.type === TYPE_A ? 4 : -1));
  header.writeUInt16BE(0x8180 | (answer === 'nxdomain' ? 3 : 0), 2); // a response, recursion desired and available; NXDOMAIN or no error
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const body = records.map((address) => {
    const data = question.type === TYPE_A ? Buffer.from(address.split('.').map(Number)) : ipv6Bytes(address);
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // the name: the question's
    record.writeUInt16BE(question.type, 2);
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(60, 6); // TTL
    record.writeUInt16BE(data.length, 10);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, query.subarray(12, question.end), ...body]);
}

function ipv6Bytes(address: string): Buffer {
  const [head = '', tail = ''] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  const bytes = Buffer.alloc(16);
  groups.forEach((group, i) => bytes.writeUInt16BE(parseInt(group, 16), i * 2));
  return bytes;
}
