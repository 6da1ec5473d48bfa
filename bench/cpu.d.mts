/** CPU ticks (1/100 s) of a process (`own`) and of its descendants, their ended children included. */
export function cpuTicks(pid: number): { own: number; children: number };
