/**
 * The embedded search engine's building blocks (embedded-product-search.ts):
 * a word's postings in typed arrays (read in a tight loop, no object per
 * product, no hashing), and a small heap that keeps the best hits of a
 * stream without sorting them all.
 */
import type { ProductSearchHit } from '../../application/ports/product-search.js';

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

/** Higher score first; ties by id, so an answer never depends on the order products were indexed in. */
function better(score: number, productId: string, than: ProductSearchHit): boolean {
  return score > than.score || (score === than.score && productId < than.productId);
}

/** The `limit` best hits of a stream, without sorting them all (a min-heap on score). */
export class TopK {
  private readonly heap: ProductSearchHit[] = [];
  constructor(private readonly limit: number) {}

  /** The lowest score that may still enter (a lower one is not worth building a hit for). */
  get floor(): number {
    if (this.limit <= 0) return Number.POSITIVE_INFINITY;
    return this.heap.length < this.limit ? Number.NEGATIVE_INFINITY : (this.heap[0] as ProductSearchHit).score;
  }

  /** Whether a hit of this score could still enter (a hit that cannot costs no allocation). */
  wants(score: number, productId: string): boolean {
    return this.heap.length < this.limit || better(score, productId, this.heap[0] as ProductSearchHit);
  }

  offer(productId: string, score: number): void {
    if (this.limit <= 0 || !this.wants(score, productId)) return;
    const hit = { productId, score };
    if (this.heap.length < this.limit) {
      this.heap.push(hit);
      this.up(this.heap.length - 1);
    } else {
      this.heap[0] = hit;
      this.down(0);
    }
  }

  sorted(): ProductSearchHit[] {
    return [...this.heap].sort((a, b) => (better(a.score, a.productId, b) ? -1 : 1));
  }

  private outranks(a: number, b: number): boolean {
    const left = this.heap[a] as ProductSearchHit;
    return better(left.score, left.productId, this.heap[b] as ProductSearchHit);
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
      if (left < this.heap.length && this.outranks(worst, left)) worst = left;
      if (right < this.heap.length && this.outranks(worst, right)) worst = right;
      if (worst === index) return;
      this.swap(index, worst);
      index = worst;
    }
  }

  private swap(a: number, b: number): void {
    const held = this.heap[a] as ProductSearchHit;
    this.heap[a] = this.heap[b] as ProductSearchHit;
    this.heap[b] = held;
  }
}
