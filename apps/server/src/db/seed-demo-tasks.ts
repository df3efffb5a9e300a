import { addDays, type IsoDate, upcomingDueDates } from '@bilag/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import * as tasks from '../features/tasks/task.repository';
import { GLOBAL_TEMPLATE_COMPANY_ID } from '../features/tasks/task.table';
import { writeAudits } from '../platform/audit';
import type { Db } from './client';
import { vouchers } from './schema';

/** The two-monthly VAT return (MVA-melding): due on the 10th, two months after each term begins. */
const VAT_RETURN = { everyMonths: 2, firstDueDate: '2026-02-10', leadDays: 21 } as const;

/**
 * A week of the bureau's work in the bakery: labels, a global VAT template that makes its task every
 * term, and tasks given to Kari and Ola, one overdue, one finished, one waiting for a voucher.
 */
export async function seedDemoTasks(
  tx: Db,
  companyId: number,
  people: { accountantId: number; ceoId: number },
  today: IsoDate,
) {
  const vat = await tasks.insertLabel(tx, { companyId, name: 'MVA', color: 'teal' });
  const payroll = await tasks.insertLabel(tx, { companyId, name: 'Lønn', color: 'violet' });
  const urgent = await tasks.insertLabel(tx, { companyId, name: 'Haster', color: 'red' });
  if (!vat || !payroll || !urgent) throw new Error('the demo labels were not stored');
  const template = await tasks.insertTemplate(tx, {
    companyId: GLOBAL_TEMPLATE_COMPANY_ID,
    title: 'MVA-melding',
    description:
      '<p>Avstem utgående og inngående merverdiavgift for terminen og send meldingen i Altinn.</p>',
    isRequireNote: true,
    recurrence: VAT_RETURN,
  });
  await tasks.insertTemplate(tx, {
    companyId,
    title: 'Månedsavslutning',
    description: '<p>Bank avstemt, bilag på plass, lønn bokført.</p>',
    isRequireVoucher: false,
  });
  const [missingVoucher] = await tx
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(and(eq(vouchers.companyId, companyId), isNull(vouchers.deletedAt)))
    .orderBy(asc(vouchers.id))
    .limit(1);
  const [nextVatDue = today] = upcomingDueDates(VAT_RETURN, today, 1);

  const planned = [
    {
      title: 'MVA-melding',
      description: template.description,
      dueDate: nextVatDue,
      templateId: template.id,
      recurrenceDueDate: nextVatDue,
      isRequireNote: true,
      assignees: [people.accountantId],
      labels: [vat.id],
    },
    {
      title: 'Kvittering mangler for kortkjøp hos Clas Ohlson',
      description: '<p>Ola, kan du ta bilde av kvitteringen og laste den opp?</p>',
      dueDate: addDays(today, -3),
      isRequireVoucher: true,
      assignees: [people.ceoId],
      labels: [urgent.id],
      link: missingVoucher ? { linkKind: 'voucher' as const, linkId: missingVoucher.id } : {},
    },
    {
      title: 'Lønnskjøring for måneden',
      description: '<p>Timelister fra bakeriet inn innen den 20.</p>',
      dueDate: addDays(today, 6),
      assignees: [people.accountantId, people.ceoId],
      labels: [payroll.id],
    },
    {
      title: 'Avstem driftskontoen',
      description: '<p>Alle transaksjoner har bilag.</p>',
      dueDate: addDays(today, -10),
      status: 'done' as const,
      assignees: [people.accountantId],
      labels: [],
    },
  ];
  const audits = [];
  for (const [index, plan] of planned.entries()) {
    const row = await tasks.insertTask(tx, {
      companyId,
      title: plan.title,
      description: plan.description,
      dueDate: plan.dueDate,
      templateId: plan.templateId ?? 0,
      recurrenceDueDate: plan.recurrenceDueDate ?? null,
      isRequireNote: plan.isRequireNote ?? false,
      isRequireVoucher: plan.isRequireVoucher ?? false,
      status: plan.status ?? 'todo',
      completedAt: plan.status === 'done' ? new Date() : null,
      content: plan.status === 'done' ? 'Avstemt mot kontoutskriften.' : '',
      sortIndex: index,
      createdBy: people.accountantId,
      ...(plan.link ?? {}),
    });
    await tasks.replaceAssignees(tx, companyId, row.id, plan.assignees);
    await tasks.replaceLabels(tx, companyId, row.id, plan.labels);
    audits.push({
      companyId,
      userId: people.accountantId,
      entity: 'task',
      entityId: row.id,
      action: 'create',
      after: { title: row.title, dueDate: row.dueDate },
    });
    if (index === 1)
      await tasks.insertComment(tx, {
        companyId,
        taskId: row.id,
        authorUserId: people.accountantId,
        content: `<p><span data-type="mention" class="mention" data-id="${people.ceoId}" data-label="Ola Ansatt">@Ola Ansatt</span> den ligger i bankavstemmingen som uten bilag.</p>`,
        mentionedUserIds: [people.ceoId],
      });
  }
  await writeAudits(tx, audits);
}
