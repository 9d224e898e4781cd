package dev.partitionscope.core.audit;

import dev.partitionscope.core.sketch.SpaceSaving;
import java.util.ArrayList;
import java.util.List;

/**
 * The running statistics of one pattern (or of the catch-all beyond the pattern cap), bounded whatever the number
 * of items: a Space-Saving sketch of its busiest keys, exact-then-HyperLogLog distinct keys, a size histogram,
 * per-part value statistics, a few example keys and the commonest sort-key signatures. Cells merge, which is how
 * the patterns of one kind of key ({@code PENDING}, {@code SHIPPED}, …) become one enumerated pattern.
 */
final class PatternCell {
    /** Keys the top-keys sketch monitors; the busiest {@link KeyPatterns#TOP_KEYS} of them are reported. */
    static final int SKETCH_CAPACITY = 32;

    static final int EXAMPLES = 3;
    private static final int SIGNATURES = 4;

    final char[] separators;
    final ValueKind[] kinds;
    final PositionStats[] positions;
    final SpaceSaving topKeys = new SpaceSaving(SKETCH_CAPACITY);
    final DistinctCounter distinct = new DistinctCounter();
    final SizeHistogram sizes = new SizeHistogram();
    final List<String> examples = new ArrayList<>(EXAMPLES);
    private final String[] signatures = new String[SIGNATURES];
    private final long[] signatureItems = new long[SIGNATURES];
    long items;

    /** A cell for keys of one shape; {@code kinds} empty for the catch-all. */
    PatternCell(char[] separators, ValueKind[] kinds) {
        this.separators = separators;
        this.kinds = kinds;
        this.positions = new PositionStats[kinds.length];
        for (int i = 0; i < kinds.length; i++) {
            positions[i] = new PositionStats(kinds[i]);
        }
    }

    /** An empty cell of the same shape. */
    PatternCell emptyCopy() {
        return new PatternCell(separators, kinds);
    }

    void add(KeyParts key, long hash, String sortKeySignature, long itemBytes) {
        items++;
        for (int i = 0; i < positions.length; i++) {
            positions[i].add(key.part(i));
        }
        topKeys.add(key.key(), null, 1);
        distinct.add(hash);
        sizes.add(itemBytes);
        if (examples.size() < EXAMPLES && !examples.contains(key.key())) {
            examples.add(key.key());
        }
        addSignature(sortKeySignature, 1);
    }

    private void addSignature(String signature, long n) {
        if (signature == null) {
            return;
        }
        for (int i = 0; i < SIGNATURES; i++) {
            if (signatures[i] == null) {
                signatures[i] = signature;
                signatureItems[i] = n;
                return;
            }
            if (signatures[i].equals(signature)) {
                signatureItems[i] += n;
                return;
            }
        }
        // Full: a rarer signature is not worth a slot; the commonest ones are already here.
    }

    /** The sort-key signature most of the items have, null when they have no sort key. */
    String sortKeySignature() {
        String best = null;
        long most = 0;
        for (int i = 0; i < SIGNATURES && signatures[i] != null; i++) {
            if (signatureItems[i] > most) {
                most = signatureItems[i];
                best = signatures[i];
            }
        }
        return best;
    }

    /** Adds everything {@code other} has seen; both must have the same shape. */
    void absorb(PatternCell other) {
        items += other.items;
        for (int i = 0; i < positions.length; i++) {
            positions[i].merge(other.positions[i]);
        }
        SpaceSaving.Snapshot top = other.topKeys.snapshot(false);
        for (int i = 0; i < top.size(); i++) {
            topKeys.add(top.pks()[i], null, top.counts()[i]);
        }
        distinct.merge(other.distinct);
        sizes.merge(other.sizes);
        for (String e : other.examples) {
            if (examples.size() < EXAMPLES && !examples.contains(e)) {
                examples.add(e);
            }
        }
        for (int i = 0; i < SIGNATURES && other.signatures[i] != null; i++) {
            addSignature(other.signatures[i], other.signatureItems[i]);
        }
    }
}
