/** An advertiser account as staff read it: its name and, when the name is not the id, the id after it. */
export const accountLabel = (name: string | null | undefined, id: string): string =>
  name && name !== id ? `${name} (${id})` : id;
