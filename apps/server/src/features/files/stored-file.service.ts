import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { VoucherFile } from '@bilag/contracts';
import { sniffFileType } from '@bilag/domain';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import type { FileSummary } from '../../db/sql-helpers';
import { Errors } from '../../platform/errors';
import type { UploadedFile } from '../../platform/form-data';
import type { ObjectStore } from '../../platform/object-store';
import * as repository from './stored-file.repository';
import type { StoredFileRow } from './stored-file.table';

const mimeTypes = { jpg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' } as const;
export type AcceptedKind = keyof typeof mimeTypes;

export type CheckedUpload = UploadedFile & { kind: AcceptedKind; safeName: string };

/** Keeps the name a person gave the file readable, but makes it safe for headers and disks. */
export function sanitizeFileName(name: string, kind: AcceptedKind): string {
  const base = path
    .basename(name.replaceAll('\\', '/'))
    .normalize('NFC')
    .replace(/\p{Cc}/gu, '_')
    .replace(/["<>:|?*/]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 150);
  const withoutExtension = base.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return `${withoutExtension || 'file'}.${kind}`;
}

/** Decides what a file is by its bytes, never by its name, and refuses what is not accepted. */
export function checkUploads(files: UploadedFile[], accepted: readonly AcceptedKind[]): CheckedUpload[] {
  return files.map((file) => {
    const kind = sniffFileType(new Uint8Array(file.bytes));
    if (!(accepted as readonly string[]).includes(kind)) {
      throw Errors.unsupportedMediaType(
        'fileTypeNotAccepted',
        { name: file.fileName, accepted: accepted.join(', ') },
        { fileName: file.fileName },
      );
    }
    const acceptedKind = kind as AcceptedKind;
    return { ...file, kind: acceptedKind, safeName: sanitizeFileName(file.fileName, acceptedKind) };
  });
}

export type FileOwner = { companyId: number; ownerType: string; ownerId: number; userId: number };

export type StoredUpload = CheckedUpload & { key: string; thumbnailKey: string | null };

async function putUpload(
  store: ObjectStore,
  companyId: number,
  upload: CheckedUpload,
): Promise<StoredUpload> {
  const key = `companies/${companyId}/files/${randomUUID()}.${upload.kind}`;
  await store.put(key, upload.bytes);
  if (upload.kind === 'pdf') return { ...upload, key, thumbnailKey: null };
  try {
    const thumbnail = await sharp(upload.bytes)
      .rotate()
      .resize(320, 320, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer();
    const thumbnailKey = `companies/${companyId}/thumbnails/${randomUUID()}.jpg`;
    await store.put(thumbnailKey, thumbnail);
    return { ...upload, key, thumbnailKey };
  } catch {
    // An image the thumbnailer cannot read is still a valid voucher; it is shown without a preview.
    return { ...upload, key, thumbnailKey: null };
  }
}

/**
 * Writes the files to the object store, then runs `record` (the caller's transaction) with their
 * locations. If anything fails, the stored files are removed again: a failed upload leaves nothing.
 */
export async function withStoredUploads<T>(
  store: ObjectStore,
  companyId: number,
  uploads: CheckedUpload[],
  record: (stored: StoredUpload[]) => Promise<T>,
): Promise<T> {
  const stored: StoredUpload[] = [];
  try {
    for (const upload of uploads) stored.push(await putUpload(store, companyId, upload));
    return await record(stored);
  } catch (error) {
    const keys = stored.flatMap((file) => [file.key, file.thumbnailKey]);
    await Promise.all(keys.filter((key): key is string => key !== null).map((key) => store.delete(key)));
    throw error;
  }
}

export function recordUpload(db: Db, owner: FileOwner, upload: StoredUpload): Promise<StoredFileRow> {
  return repository.insertStoredFile(db, {
    companyId: owner.companyId,
    ownerType: owner.ownerType,
    ownerId: owner.ownerId,
    storageKey: upload.key,
    thumbnailKey: upload.thumbnailKey,
    fileName: upload.safeName,
    mimeType: mimeTypes[upload.kind],
    size: upload.bytes.length,
    sha256: createHash('sha256').update(upload.bytes).digest('hex'),
    createdBy: owner.userId,
  });
}

/** A stored file as replies list it beside its voucher or transaction. */
export function toFileReply(file: FileSummary): VoucherFile {
  return {
    Id: file.id,
    FileName: file.fileName,
    MimeType: file.mimeType,
    Size: file.size,
    HasThumbnail: file.hasThumbnail,
  };
}

export async function readFileForDownload(
  db: Db,
  store: ObjectStore,
  companyId: number,
  fileId: number,
  variant: 'original' | 'thumbnail',
) {
  const file = await repository.findStoredFile(db, companyId, fileId);
  if (!file) return undefined;
  if (variant === 'thumbnail' && file.thumbnailKey) {
    return {
      bytes: await store.get(file.thumbnailKey),
      mimeType: 'image/jpeg',
      fileName: file.fileName.replace(/\.\w+$/, '.jpg'),
    };
  }
  return { bytes: await store.get(file.storageKey), mimeType: file.mimeType, fileName: file.fileName };
}
