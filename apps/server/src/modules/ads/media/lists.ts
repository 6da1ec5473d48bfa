import { z } from 'zod';

/** An id the media answer as a number or a string. */
export const mediumId = z.union([z.number(), z.string()]);

/** A list both media answer (`data.list`), with the number of pages when it is paged. */
export const listOf = <T extends z.ZodTypeAny>(entry: T) =>
  z.object({
    list: z.array(entry).default([]),
    page_info: z.object({ total_page: z.number().optional() }).optional(),
  });

/** A page of a list: its entries and how many pages there are. */
export interface ListPage<E> {
  list: E[];
  page_info?: { total_page?: number | undefined } | undefined;
}

/** The entries of a paged list, page after page (from 1, at most `most`) up to the last one named. */
export async function* pages<E>(
  most: number,
  read: (page: number) => Promise<ListPage<E>>,
): AsyncGenerator<E[]> {
  for (let page = 1; page <= most; page++) {
    const answer = await read(page);
    yield answer.list;
    if (page >= (answer.page_info?.total_page ?? 1)) return;
  }
}

/**
 * The one paged-report reader: each account's report, page after page (at most 50 pages an
 * account), each entry made a row (or left out when `row` answers undefined).
 */
export async function accountRows<E, R>(
  ids: string[],
  schema: { parse(value: unknown): ListPage<E> },
  read: (accountId: string, page: number) => Promise<unknown>,
  row: (accountId: string, entry: E) => R | undefined,
): Promise<R[]> {
  const rows: R[] = [];
  for (const id of ids)
    for await (const list of pages(50, async (page) => schema.parse(await read(id, page))))
      for (const entry of list) {
        const made = row(id, entry);
        if (made !== undefined) rows.push(made);
      }
  return rows;
}

/** A campaign's day: the campaign named in a report entry with the entry's figures. */
export const campaignDay = <F>(
  accountId: string,
  campaignId: string | number,
  name: string | undefined,
  figures: F,
) => ({
  accountId,
  campaignId: String(campaignId),
  campaignName: name ?? '',
  ...figures,
});
