import {
  addGlobalTaskTemplate,
  addTaskComment,
  addTaskLabel,
  addTaskTemplate,
  changeTaskStatus,
  createTask,
  deleteGlobalTaskTemplate,
  deleteTask,
  deleteTaskComment,
  deleteTaskFile,
  deleteTaskLabel,
  deleteTaskTemplate,
  editorImage,
  listAssignableUsers,
  listGlobalTaskTemplates,
  listTaskLabels,
  listTasks,
  listTaskTemplates,
  moveTask,
  taskByCommentId,
  taskById,
  taskOverview,
  updateGlobalTaskTemplate,
  updateTask,
  updateTaskComment,
  updateTaskLabel,
  updateTaskTemplate,
  uploadEditorImage,
  uploadTaskFiles,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { uploadedFiles } from '../../platform/form-data';
import type { ObjectStore } from '../../platform/object-store';
import { registerRoute } from '../../platform/route';
import * as editorImages from './editor-image.service';
import * as service from './task.service';
import * as setup from './task-setup.service';

const UPLOAD_BODY_LIMIT = 25 * 1024 * 1024;

/** Tasks with their comments, files, labels and templates, and the bureau's overview of them. */
export async function taskRoutes(app: FastifyInstance, { db, store }: { db: Db; store: ObjectStore }) {
  registerRoute(app, listAssignableUsers, ({ query }, { principal }) =>
    service.listAssignableUsers(db, principal, query.companyId),
  );
  registerRoute(app, listTasks, ({ body }, { principal }) => service.listTasks(db, principal, body));
  registerRoute(app, taskById, ({ params, query }, { principal }) =>
    service.taskById(db, principal, { companyId: query.companyId, id: params.id }),
  );
  registerRoute(app, taskByCommentId, ({ params, query }, { principal }) =>
    service.taskByCommentId(db, principal, { companyId: query.companyId, commentId: params.id }),
  );
  registerRoute(app, createTask, ({ body }, { principal }) => service.createTask(db, principal, body));
  registerRoute(app, updateTask, ({ params, body }, { principal }) =>
    service.updateTask(db, principal, { ...body, id: params.id }),
  );
  registerRoute(app, changeTaskStatus, ({ params, body }, { principal }) =>
    service.changeTaskStatus(db, principal, { ...body, id: params.id }),
  );
  registerRoute(app, moveTask, ({ params, body }, { principal }) =>
    service.moveTask(db, principal, { ...body, id: params.id }),
  );
  registerRoute(app, deleteTask, ({ params, query }, { principal }) =>
    service.deleteTask(db, principal, { companyId: query.companyId, id: params.id }),
  );
  registerRoute(
    app,
    uploadTaskFiles,
    ({ params, body }, { principal, request }) =>
      service.uploadTaskFiles(db, store, principal, {
        companyId: body.companyId,
        id: params.id,
        files: uploadedFiles(request),
      }),
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );
  registerRoute(app, deleteTaskFile, ({ params, query }, { principal }) =>
    service.deleteTaskFile(db, principal, {
      companyId: query.companyId,
      id: params.id,
      fileId: params.fileId,
    }),
  );
  registerRoute(app, taskOverview, ({ body }, { principal }) => service.taskOverview(db, principal, body));

  registerRoute(app, addTaskComment, ({ body }, { principal }) =>
    service.addTaskComment(db, principal, body),
  );
  registerRoute(app, updateTaskComment, ({ params, body }, { principal }) =>
    service.updateTaskComment(db, principal, { ...body, id: params.id }),
  );
  registerRoute(app, deleteTaskComment, ({ params, query }, { principal }) =>
    service.deleteTaskComment(db, principal, { companyId: query.companyId, id: params.id }),
  );
  registerRoute(
    app,
    uploadEditorImage,
    ({ body }, { principal, request }) =>
      editorImages.uploadEditorImage(db, store, principal, {
        companyId: body.companyId,
        files: uploadedFiles(request),
      }),
    { bodyLimit: UPLOAD_BODY_LIMIT },
  );
  registerRoute(app, editorImage, async ({ params }, { reply }) => {
    const image = await editorImages.readEditorImage(store, params.key);
    return reply
      .type(image.mimeType)
      .header('cache-control', 'private, max-age=86400, immutable')
      .send(image.bytes);
  });

  registerRoute(app, listTaskLabels, ({ query }, { principal }) =>
    setup.listTaskLabels(db, principal, query.companyId),
  );
  registerRoute(app, addTaskLabel, ({ body }, { principal }) => setup.addTaskLabel(db, principal, body));
  registerRoute(app, updateTaskLabel, ({ params, body }, { principal }) =>
    setup.updateTaskLabel(db, principal, { ...body, id: params.id }),
  );
  registerRoute(app, deleteTaskLabel, ({ params, query }, { principal }) =>
    setup.deleteTaskLabel(db, principal, { companyId: query.companyId, id: params.id }),
  );
  registerRoute(app, listTaskTemplates, ({ query }, { principal }) =>
    setup.listTaskTemplates(db, principal, query.companyId),
  );
  registerRoute(app, addTaskTemplate, ({ body }, { principal }) =>
    setup.addTaskTemplate(db, principal, body),
  );
  registerRoute(app, updateTaskTemplate, ({ params, body }, { principal }) =>
    setup.updateTaskTemplate(db, principal, { ...body, id: params.id }),
  );
  registerRoute(app, deleteTaskTemplate, ({ params, query }, { principal }) =>
    setup.deleteTaskTemplate(db, principal, { companyId: query.companyId, id: params.id }),
  );
  registerRoute(app, listGlobalTaskTemplates, () => setup.listGlobalTaskTemplates(db));
  registerRoute(app, addGlobalTaskTemplate, ({ body }, { principal }) =>
    setup.addGlobalTaskTemplate(db, principal, body),
  );
  registerRoute(app, updateGlobalTaskTemplate, ({ params, body }, { principal }) =>
    setup.updateGlobalTaskTemplate(db, principal, { ...body, id: params.id }),
  );
  registerRoute(app, deleteGlobalTaskTemplate, ({ params }, { principal }) =>
    setup.deleteGlobalTaskTemplate(db, principal, params.id),
  );
}
