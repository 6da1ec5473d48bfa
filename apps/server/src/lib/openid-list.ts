import { parse } from 'csv-parse';
import { eventLoopSlicer } from './steps.ts';

/** A line of an uploaded openid list: its number in the file, the openid, and the value after it. */
export interface OpenidLine {
  line: number;
  openid: string;
  value: string;
}

/**
 * Reads an uploaded openid list (`openid` or `openid,value` a line) with csv-parse: blank lines
 * skipped, cells trimmed, a line at most 1 KiB, parsing stopped at line `toLine`, other requests
 * let in between lines. A header line (`openid…`) is dropped.
 */
export async function readOpenidList(stream: NodeJS.ReadableStream, toLine: number): Promise<OpenidLine[]> {
  const parser = stream.pipe(
    parse({
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
      max_record_size: 1024,
      to_line: toLine,
      info: true,
    }),
  );
  const slicer = eventLoopSlicer();
  const lines: OpenidLine[] = [];
  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    lines.push({ line: info.lines, openid: record[0] ?? '', value: record[1] ?? '' });
    await slicer.pause();
  }
  if (lines[0] && lines[0].openid.toLowerCase() === 'openid') lines.shift();
  return lines;
}
