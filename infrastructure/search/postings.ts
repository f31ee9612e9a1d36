/**
 * The embedded search engine's building blocks (embedded-product-search.ts):
 * a word's postings in typed arrays (read in a tight loop, no object per
 * product, no hashing), and a small heap that keeps the best hits of a
 * stream without sorting them all.
 */
/**
 * The products holding one word: their slots and the weight of the field the
 * word is in, unordered. A product is added at the end and removed by
 * moving the last one into its place, so both cost O(1); the caller keeps
 * each product's position in each of its words' postings.
 */
export class Postings {
  slots = new Int32Array(4);
  weights = new Float64Array(4);
  size = 0;

  /** Adds a slot; answers its position. */
  add(slot: number, weight: number): number {
    if (this.size === this.slots.length) {
      const slots = new Int32Array(this.size * 2);
      slots.set(this.slots);
      this.slots = slots;
      const weights = new Float64Array(this.size * 2);
      weights.set(this.weights);
      this.weights = weights;
    }
    this.slots[this.size] = slot;
    this.weights[this.size] = weight;
    return this.size++;
  }

  /** Removes the slot at a position; answers the slot moved into that position (-1 when it was the last). */
  removeAt(position: number): number {
    const last = this.size - 1;
    this.size = last;
    if (position === last) return -1;
    const moved = this.slots[last] as number;
    this.slots[position] = moved;
    this.weights[position] = this.weights[last] as number;
    return moved;
  }
}

/**
 * A product id's first three UTF-16 code units in one number (48 bits, exact
 * in a double): ordered as the ids are, so equal scores are compared from a
 * typed array, the ids themselves read only when they begin alike.
 */
export function idKey(productId: string): number {
  const unit = (i: number) => (i < productId.length ? productId.charCodeAt(i) : 0);
  return unit(0) * 2 ** 32 + unit(1) * 2 ** 16 + unit(2);
}

/**
 * The `limit` best slots of a stream by value, without sorting them all (a
 * min-heap). Higher value first; equal values by id (its key first), so an
 * answer never depends on the order products were indexed in.
 */
export class TopK {
  private readonly slots: Int32Array;
  private readonly values: Float64Array;
  private size = 0;

  constructor(
    private readonly limit: number,
    /** Each slot's idKey. */
    private readonly keys: Float64Array,
    private readonly idOf: (slot: number) => string,
  ) {
    this.slots = new Int32Array(Math.max(0, limit));
    this.values = new Float64Array(Math.max(0, limit));
  }

  /** The lowest value that may still enter (a lower one needs no comparison). */
  get floor(): number {
    if (this.limit <= 0) return Number.POSITIVE_INFINITY;
    return this.size < this.limit ? Number.NEGATIVE_INFINITY : (this.values[0] as number);
  }

  offer(slot: number, value: number): void {
    if (this.limit <= 0) return;
    if (this.size < this.limit) {
      this.slots[this.size] = slot;
      this.values[this.size] = value;
      this.up(this.size++);
    } else if (this.better(slot, value, this.slots[0] as number, this.values[0] as number)) {
      this.slots[0] = slot;
      this.values[0] = value;
      this.down(0);
    }
  }

  /** Best first. */
  sorted(): Array<{ slot: number; value: number }> {
    const held = Array.from({ length: this.size }, (_, i) => ({ slot: this.slots[i] as number, value: this.values[i] as number }));
    return held.sort((a, b) => (this.better(a.slot, a.value, b.slot, b.value) ? -1 : 1));
  }

  private better(slot: number, value: number, than: number, thanValue: number): boolean {
    if (value !== thanValue) return value > thanValue;
    const key = this.keys[slot] as number;
    const thanKey = this.keys[than] as number;
    return key !== thanKey ? key < thanKey : this.idOf(slot) < this.idOf(than);
  }

  private outranks(a: number, b: number): boolean {
    return this.better(this.slots[a] as number, this.values[a] as number, this.slots[b] as number, this.values[b] as number);
  }

  private up(index: number): void {
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.outranks(parent, index)) break;
      this.swap(index, parent);
      index = parent;
    }
  }

  private down(index: number): void {
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let worst = index;
      if (left < this.size && this.outranks(worst, left)) worst = left;
      if (right < this.size && this.outranks(worst, right)) worst = right;
      if (worst === index) return;
      this.swap(index, worst);
      index = worst;
    }
  }

  private swap(a: number, b: number): void {
    const slot = this.slots[a] as number;
    const value = this.values[a] as number;
    this.slots[a] = this.slots[b] as number;
    this.values[a] = this.values[b] as number;
    this.slots[b] = slot;
    this.values[b] = value;
  }
}
