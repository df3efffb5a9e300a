import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { sniffFileType } from '@bilag/domain';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
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
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'fileTypeNotAccepted', {
        params: { name: file.fileName, accepted: accepted.join(', ') },
        data: { fileName: file.fileName },
      });
    }
    const acceptedKind = kind as AcceptedKind;
    return { ...file, kind: acceptedKind, safeName: sanitizeFileName(file.fileName, acceptedKind) };
  });
}

export type FileOwner = { companyId: number; ownerType: string; ownerId: number; userId: number };

/**
 * Writes the bytes (and a thumbnail for images) to the object store first; the caller records the
 * rows inside its transaction and calls `discard` on the returned keys if that transaction fails.
 */
export async function putUpload(store: ObjectStore, companyId: number, upload: CheckedUpload) {
  const key = `companies/${companyId}/files/${randomUUID()}.${upload.kind}`;
  await store.put(key, upload.bytes);
  let thumbnailKey: string | null = null;
  if (upload.kind !== 'pdf') {
    try {
      const thumbnail = await sharp(upload.bytes)
        .rotate()
        .resize(320, 320, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 75 })
        .toBuffer();
      thumbnailKey = `companies/${companyId}/thumbnails/${randomUUID()}.jpg`;
      await store.put(thumbnailKey, thumbnail);
    } catch {
      thumbnailKey = null;
    }
  }
  return { key, thumbnailKey };
}

export async function discardUploads(store: ObjectStore, keys: (string | null)[]) {
  await Promise.all(keys.filter((key): key is string => key !== null).map((key) => store.delete(key)));
}

export function recordUpload(
  db: Db,
  owner: FileOwner,
  upload: CheckedUpload,
  stored: { key: string; thumbnailKey: string | null },
): Promise<StoredFileRow> {
  return repository.insertStoredFile(db, {
    companyId: owner.companyId,
    ownerType: owner.ownerType,
    ownerId: owner.ownerId,
    storageKey: stored.key,
    thumbnailKey: stored.thumbnailKey,
    fileName: upload.safeName,
    mimeType: mimeTypes[upload.kind],
    size: upload.bytes.length,
    sha256: createHash('sha256').update(upload.bytes).digest('hex'),
    createdBy: owner.userId,
  });
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
