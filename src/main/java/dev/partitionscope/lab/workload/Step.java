package dev.partitionscope.lab.workload;

import dev.partitionscope.core.item.AttrValue;
import dev.partitionscope.core.item.Capacity;
import dev.partitionscope.core.item.ItemSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One compiled operation of a run: which attributes are keys (of the table and of each GSI the item enters), the
 * capacity one request consumes as the Lab's engine would charge it, and rendering of keys alone (fast-forward)
 * or of whole items (real time). Items are padded with a {@code pad} attribute to the run's item size.
 */
final class Step {
    static final String PAD = "pad";

    final OpDef def;
    final TableDef table;
    final TableDef.Gsi index;
    final String[] names;
    final ValueMaker[] makers;
    /** Attribute positions of the table's keys (sk -1 when none) and, for a Query, the queried partition key. */
    final int pk;

    final int sk;
    final int readKey;
    /** GSIs a written item enters, with the positions of their key attributes. */
    final TableDef.Gsi[] gsis;

    final int[] gsiPk;
    final int[] gsiSk;
    /** Capacity of one request (for a batch: of one item), as the engine charges it. */
    final double writeUnits;

    final double[] gsiUnits;
    final double readUnits;
    final int returnedItems;
    /** A transaction's actions, each a step of its own (its table, keys and plain price); empty otherwise. */
    final Step[] actions;

    private final int itemSize;

    /**
     * @param tables     the variant's tables, by name
     * @param firstMaker the id of this step's first value maker (ids are unique within a plan)
     */
    Step(OpDef def, Map<String, TableDef> tables, Generators gens, int itemSize, Draws sample, int firstMaker) {
        this.def = def;
        this.table = tables.get(def.table());
        this.index = def.index() == null ? null : table.index(def.index());
        this.itemSize = itemSize;
        names = def.attributes().keySet().toArray(String[]::new);
        makers = new ValueMaker[names.length];
        int i = 0;
        for (ValueDef v : def.attributes().values()) {
            makers[i] = new ValueMaker(v, gens, firstMaker + i);
            i++;
        }
        pk = position(table.partitionKey());
        sk = table.sortKey() == null ? -1 : position(table.sortKey());
        readKey = position(index != null ? index.partitionKey() : table.partitionKey());
        List<TableDef.Gsi> entered = new ArrayList<>();
        if (def.type() == OpDef.Type.PUT_ITEM || def.type() == OpDef.Type.BATCH_WRITE) {
            for (TableDef.Gsi g : table.indexes()) {
                if (position(g.partitionKey()) >= 0) {
                    entered.add(g);
                }
            }
        }
        gsis = entered.toArray(TableDef.Gsi[]::new);
        gsiPk = new int[gsis.length];
        gsiSk = new int[gsis.length];
        gsiUnits = new double[gsis.length];

        // Capacity from one sample item: sizes vary by a byte or two between requests, far below a 1 KB unit.
        sample.next(sample.now);
        Map<String, AttrValue> item = def.type().write() ? item(sample) : Map.of();
        long size = ItemSize.of(item);
        for (int g = 0; g < gsis.length; g++) {
            gsiPk[g] = position(gsis[g].partitionKey());
            gsiSk[g] = gsis[g].sortKey() == null ? -1 : position(gsis[g].sortKey());
            gsiUnits[g] = Capacity.writeUnits(gsis[g].keysOnly() ? keysSize(item, gsis[g]) : size);
        }
        writeUnits = def.type().write() ? Capacity.writeUnits(size) : 0;
        if (def.type() == OpDef.Type.QUERY) {
            // Fast-forward assumes full pages: every queried key holds at least Limit items (1 MB at most).
            long projected = index != null && index.keysOnly() ? 100 : itemSize;
            returnedItems = def.limit();
            readUnits = Capacity.readUnits(Math.min(1L << 20, projected * def.limit()), false);
        } else {
            returnedItems = 1;
            readUnits = def.type() == OpDef.Type.GET_ITEM ? Capacity.readUnits(itemSize, false) : 0;
        }
        actions = new Step[def.actions().size()];
        int maker = firstMaker + names.length;
        for (int a = 0; a < actions.length; a++) {
            OpDef action = def.actions().get(a);
            actions[a] = new Step(action, tables, gens, itemSize, sample, maker);
            maker += action.makerCount();
        }
    }

    private int position(String attribute) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(attribute)) {
                return i;
            }
        }
        return -1;
    }

    private long keysSize(Map<String, AttrValue> item, TableDef.Gsi g) {
        long size = 0;
        for (String a : new String[] {table.partitionKey(), table.sortKey(), g.partitionKey(), g.sortKey()}) {
            if (a != null && item.containsKey(a)) {
                size += ItemSize.utf8Length(a) + ItemSize.of(item.get(a));
            }
        }
        return size;
    }

    /** The whole item (PutItem, BatchWriteItem) or key (GetItem, UpdateItem, Query) of this request. */
    /**
     * Pads by length, shared: a fast-forwarded stream keeps millions of images, which then share a few pad strings.
     */
    private final java.util.Map<Integer, AttrValue.S> pads = new java.util.concurrent.ConcurrentHashMap<>();

    Map<String, AttrValue> item(Draws d) {
        Map<String, AttrValue> item = new LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) {
            item.put(names[i], makers[i].attr(d));
        }
        if (def.pad()) {
            long size = ItemSize.of(item);
            long room = itemSize - size - PAD.length();
            if (room > 0) {
                item.put(PAD, pads.computeIfAbsent((int) room, n -> new AttrValue.S("x".repeat(n))));
            }
        }
        return item;
    }

    /** The key of a GetItem without its partition key (the sort key, if any), which {@link #readKeys} supplies. */
    Map<String, AttrValue> keyWithoutPartition(Draws d) {
        Map<String, AttrValue> key = new LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) {
            if (i != pk) {
                key.put(names[i], makers[i].attr(d));
            }
        }
        return key;
    }

    /** The partition key values a read sends one request each to: one, or the scheme's keys for a fan-out. */
    List<String> readKeys(Draws d) {
        ValueMaker m = makers[readKey];
        return def.fanOut() ? m.fanOut(d, def.buckets()) : List.of(m.render(d));
    }

    /** {@code PutItem app: PK = OPS_LOG ...}. */
    String describe() {
        return def.describe();
    }
}
