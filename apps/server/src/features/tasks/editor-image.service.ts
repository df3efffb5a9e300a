import { randomBytes } from 'node:crypto';
import { ApiPrefix, type EditorImage, TASK_LIMITS } from '@bilag/contracts';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import type { UploadedFile } from '../../platform/form-data';
import type { ObjectStore } from '../../platform/object-store';
import { requireCompanyAccess } from '../companies';
import { checkUploads, recordUpload } from '../files';
import { EDITOR_IMAGE_OWNER } from './task.repository';

const KEY = /^([1-9]\d{0,9})-([0-9a-f]{32})\.(jpg|png)$/;

function storageKeyOf(companyId: number, name: string): string {
  return `companies/${companyId}/editor-images/${name}`;
}

/**
 * Keeps an image pasted into a rich text. It is shown by an <img> that sends no bearer token, so its
 * address is the capability: the company and 128 random bits.
 */
export async function uploadEditorImage(
  db: Db,
  store: ObjectStore,
  principal: Principal,
  input: { companyId?: number | undefined; files: UploadedFile[] },
): Promise<EditorImage> {
  const company = await requireCompanyAccess(db, principal.userId, input.companyId);
  const [file, ...more] = input.files;
  if (!file) throw Errors.invalid('noFilesUploaded');
  if (more.length > 0) throw Errors.invalid('tooManyFiles', { max: 1 });
  const limits = TASK_LIMITS.editorImage;
  if (file.bytes.length > limits.maxFileBytes)
    throw Errors.tooLarge('uploadFileTooLarge', {
      name: file.fileName,
      megabytes: limits.maxFileBytes / 1024 / 1024,
    });
  const [image] = checkUploads([file], limits.accepted);
  if (!image) throw Errors.invalid('noFilesUploaded');
  const name = `${company.Id}-${randomBytes(16).toString('hex')}.${image.kind}`;
  const key = storageKeyOf(company.Id, name);
  await store.put(key, image.bytes);
  try {
    await recordUpload(
      db,
      {
        companyId: company.Id,
        ownerType: EDITOR_IMAGE_OWNER,
        ownerId: principal.userId,
        userId: principal.userId,
      },
      { ...image, key, thumbnailKey: null },
    );
  } catch (error) {
    await store.delete(key);
    throw error;
  }
  return { url: `${ApiPrefix.task}/editor-images/${name}` };
}

export async function readEditorImage(store: ObjectStore, name: string) {
  const parts = KEY.exec(name);
  if (!parts) throw Errors.notFound('taskEditorImageNotFound');
  const [, companyId, , kind] = parts;
  try {
    const bytes = await store.get(storageKeyOf(Number(companyId), name));
    return { bytes, mimeType: kind === 'png' ? 'image/png' : 'image/jpeg' };
  } catch {
    throw Errors.notFound('taskEditorImageNotFound');
  }
}
