/** A minimal ZIP writer (stored entries only) for building archives in tests. */

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

class ByteWriter {
  readonly bytes: number[] = [];
  u16(value: number): this {
    this.bytes.push(value & 0xff, (value >>> 8) & 0xff);
    return this;
  }
  u32(value: number): this {
    return this.u16(value & 0xffff).u16((value >>> 16) & 0xffff);
  }
  raw(data: Uint8Array): this {
    for (const byte of data) this.bytes.push(byte);
    return this;
  }
}

export function buildZip(files: Readonly<Record<string, string | Uint8Array>>): Uint8Array {
  const encoder = new TextEncoder();
  const local = new ByteWriter();
  const central = new ByteWriter();
  let count = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = typeof content === 'string' ? encoder.encode(content) : content;
    const nameBytes = encoder.encode(name);
    const crc = crc32(data);
    const offset = local.bytes.length;
    local.u32(0x04034b50).u16(20).u16(0).u16(0).u16(0).u16(0).u32(crc).u32(data.length).u32(data.length);
    local.u16(nameBytes.length).u16(0).raw(nameBytes).raw(data);
    central.u32(0x02014b50).u16(20).u16(20).u16(0).u16(0).u16(0).u16(0).u32(crc);
    central.u32(data.length).u32(data.length).u16(nameBytes.length).u16(0).u16(0).u16(0).u16(0).u32(0);
    central.u32(offset).raw(nameBytes);
    count += 1;
  }
  const end = new ByteWriter()
    .u32(0x06054b50)
    .u16(0)
    .u16(0)
    .u16(count)
    .u16(count)
    .u32(central.bytes.length)
    .u32(local.bytes.length)
    .u16(0);
  return new Uint8Array([...local.bytes, ...central.bytes, ...end.bytes]);
}
