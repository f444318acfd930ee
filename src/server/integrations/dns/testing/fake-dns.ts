/**
 * A DNS server on loopback (UDP) answering from a table the test changes: `set("example.com",
 * "A", ["192.0.2.1"])`. Values are written as the records read (A/AAAA addresses, NS hosts,
 * MX "preference host", TXT text, CAA `flags tag "value"`). A name with no records of any type is
 * NXDOMAIN, a type without records NODATA; `failing` names get SERVFAIL. `delayMs` holds every
 * answer back (benchmarks), and `maxInFlight` is the most queries it held at once.
 */
import { createSocket, type RemoteInfo } from "node:dgram";
import { isIPv4 } from "node:net";

const TYPES: Record<number, string> = { 1: "A", 2: "NS", 15: "MX", 16: "TXT", 28: "AAAA", 257: "CAA" };
const CODES = Object.fromEntries(Object.entries(TYPES).map(([code, name]) => [name, Number(code)])) as Record<string, number>;

export interface FakeDns {
  /** "127.0.0.1:port", as DNS_SERVERS takes it. */
  address: string;
  port: number;
  set(name: string, type: string, values: string[]): void;
  clear(name?: string): void;
  failing: Set<string>;
  delayMs: number;
  queries: { name: string; type: string }[];
  maxInFlight: number;
  close(): Promise<void>;
}

function encodeName(name: string): Buffer {
  const parts = name.replace(/\.$/, "").split(".").filter(Boolean);
  return Buffer.concat([...parts.map((p) => Buffer.concat([Buffer.from([p.length]), Buffer.from(p, "ascii")])), Buffer.from([0])]);
}

function encodeIpv6(address: string): Buffer {
  const [head, tail] = address.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(parseInt(g || "0", 16), i * 2));
  return out;
}

function rdata(type: string, value: string): Buffer {
  switch (type) {
    case "A": return Buffer.from(value.split(".").map(Number));
    case "AAAA": return encodeIpv6(value);
    case "NS": return encodeName(value);
    case "MX": {
      const [pref, exchange] = value.split(" ") as [string, string];
      const b = Buffer.alloc(2);
      b.writeUInt16BE(Number(pref));
      return Buffer.concat([b, encodeName(exchange)]);
    }
    case "TXT": {
      const text = Buffer.from(value, "utf8");
      const chunks: Buffer[] = [];
      for (let i = 0; i < text.length || i === 0; i += 255) {
        const part = text.subarray(i, i + 255);
        chunks.push(Buffer.from([part.length]), part);
      }
      return Buffer.concat(chunks);
    }
    case "CAA": {
      const m = /^(\d+) (\S+) "(.*)"$/.exec(value);
      if (!m) throw new Error(`not a CAA value: ${value}`);
      return Buffer.concat([Buffer.from([Number(m[1]), m[2]!.length]), Buffer.from(m[2]!, "ascii"), Buffer.from(m[3]!, "utf8")]);
    }
    default: throw new Error(`unsupported type ${type}`);
  }
}

function readQuestion(msg: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (msg[at]! !== 0) {
    const len = msg[at]!;
    labels.push(msg.subarray(at + 1, at + 1 + len).toString("ascii"));
    at += len + 1;
  }
  return { name: labels.join(".").toLowerCase(), type: msg.readUInt16BE(at + 1), end: at + 5 };
}

export async function startFakeDns(host = "127.0.0.1"): Promise<FakeDns> {
  const table = new Map<string, Map<string, string[]>>();
  const socket = createSocket(isIPv4(host) ? "udp4" : "udp6");
  let inFlight = 0;
  const fake: FakeDns = {
    address: "", port: 0, failing: new Set(), delayMs: 0, queries: [], maxInFlight: 0,
    set(name, type, values) {
      const key = name.toLowerCase();
      if (!table.has(key)) table.set(key, new Map());
      table.get(key)!.set(type, values);
    },
    clear(name) {
      if (name === undefined) table.clear();
      else table.delete(name.toLowerCase());
    },
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };

  const reply = (msg: Buffer, from: RemoteInfo) => {
    const q = readQuestion(msg);
    const type = TYPES[q.type] ?? String(q.type);
    fake.queries.push({ name: q.name, type });
    const byType = table.get(q.name);
    const values = byType?.get(type) ?? [];
    const rcode = fake.failing.has(q.name) ? 2 : byType ? 0 : 3;
    const answers = rcode === 0 ? values.map((v) => {
      const data = rdata(type, v);
      const head = Buffer.alloc(10);
      head.writeUInt16BE(CODES[type]!, 0);
      head.writeUInt16BE(1, 2);
      head.writeUInt32BE(300, 4);
      head.writeUInt16BE(data.length, 8);
      return Buffer.concat([Buffer.from([0xc0, 0x0c]), head, data]);
    }) : [];
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2);
    header.writeUInt16BE(0x8180 | rcode, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, msg.subarray(12, q.end), ...answers]), from.port, from.address);
  };

  socket.on("message", (msg, from) => {
    inFlight++;
    fake.maxInFlight = Math.max(fake.maxInFlight, inFlight);
    const answer = () => {
      inFlight--;
      try {
        reply(msg, from);
      } catch {
        // A query the fake cannot read is dropped, as a real server may.
      }
    };
    if (fake.delayMs > 0) setTimeout(answer, fake.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => socket.bind(0, host, () => resolve()));
  fake.port = socket.address().port;
  fake.address = `${host}:${fake.port}`;
  return fake;
}
