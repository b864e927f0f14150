import { fromPromise } from 'xstate';
import type { ItemResponse } from '../../../contract/http';
import type { QueueName, QueueRow, QueueSummary } from '../../../contract/queues';
import { readerZone } from '../../../contract/format/time';
import { get } from '../../api/calls';
import type { QueueLoad } from '../../../machines/queue-worklist';

/** The reader's zone decides which void windows close "today". */
const tz = () => readerZone();

export const queueSummaries = (signal?: AbortSignal) => get<ItemResponse<QueueSummary[]>>('/queues', { tz: tz() }, signal);
export const queueRows = (queue: QueueName, signal?: AbortSignal) => get<ItemResponse<QueueRow[]>>(`/queues/${queue}`, { tz: tz() }, signal);

/** Both reads of the queue screen at once: the tabs' counts and the chosen queue's rows. */
export const queueActors = {
  load: fromPromise<QueueLoad, { queue: QueueName }>(async ({ input, signal }) => {
    const [summaries, rows] = await Promise.all([queueSummaries(signal), queueRows(input.queue, signal)]);
    return { summaries: summaries.data, rows: rows.data };
  }),
};
