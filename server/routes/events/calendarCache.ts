import { SharedAnswer } from '../../http/compression';

// The calendar's answers (GET /event, GET /event/conflicts), kept per facility and range with the
// facility's calendar version they were read at. The database bumps that version in the same transaction
// as any change the answer shows (migration 0014), so an answer read at the version the facility has now
// is what a new read would give: reopening a week costs one look-up of the version, not the week's
// query, its JSON and its compression. Kept in memory, the least recently used dropped past a size.

/** At most this much text and compressed bytes kept per database (about 200 busy weeks). */
const LIMIT_BYTES = 32 * 1024 * 1024;

interface Kept {
  version: string;
  answer: SharedAnswer;
}

export class CalendarAnswers {
  /** In order of last use, oldest first (a Map iterates in insertion order). */
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly limitBytes = LIMIT_BYTES) {}

  /** The answer kept for `key` if it was read at `version`. */
  get(key: string, version: string): SharedAnswer | undefined {
    const kept = this.kept.get(key);
    if (kept?.version !== version) return undefined;
    this.kept.delete(key);
    this.kept.set(key, kept);
    return kept.answer;
  }

  /** Keeps `json`, read at `version`, for `key`; answers it to send. */
  set(key: string, version: string, json: string): SharedAnswer {
    const answer = new SharedAnswer(json);
    this.kept.delete(key);
    this.kept.set(key, { version, answer });
    this.trim();
    return answer;
  }

  /** Bytes held (the compressed copies grow as they are made, hence a trim on each set). */
  get bytes(): number {
    let total = 0;
    for (const { answer } of this.kept.values()) total += answer.bytes;
    return total;
  }

  get size(): number {
    return this.kept.size;
  }

  private trim() {
    let total = this.bytes;
    for (const [key, { answer }] of this.kept) {
      if (total <= this.limitBytes || this.kept.size === 1) break;
      total -= answer.bytes;
      this.kept.delete(key);
    }
  }
}
