package dev.partitionscope.core.codegen;

import dev.partitionscope.core.scheme.KeyScheme;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/**
 * The inputs every language must turn into the same keys as {@link KeyScheme#apply}: 10,000 rows of base value, id and
 * timestamp, with ids of every UTF-8 length class (ASCII, Latin-1, CJK, emoji; 0..9 bytes for Murmur3's tail) and
 * timestamps around bucket edges, before 1970, in years below 1000, below 0 and above 9999.
 */
final class KeyCases {
    static final int COUNT = 10_000;
    static final List<String> BASES = List.of("PENDING", "SHIPPED", "DELIVERED", "pending", "ORDERS#2026");

    record Row(String base, String id, long epochMillis) {}

    /** One spec and separator with its expected keys. */
    record Case(String spec, String separator) {
        KeyScheme scheme() {
            return KeyScheme.parse(spec);
        }

        List<String> expected(List<Row> rows) {
            KeyScheme s = scheme();
            List<String> out = new ArrayList<>(rows.size());
            for (Row r : rows) {
                out.add(s.apply(r.base(), r.id(), r.epochMillis(), null, separator));
            }
            return out;
        }

        @Override
        public String toString() {
            return spec + " (separator " + separator + ")";
        }
    }

    /** The schemes the brief names, plus the other time buckets, two numbered parts and other separators. */
    static final List<Case> CASES = List.of(
            new Case("sum:10", "#"),
            new Case("product:200", "#"),
            new Case("hash:8", "#"),
            new Case("day+hash:8", "#"),
            new Case("PENDING,SHIPPED:hash:8", "#"),
            new Case("hour", "."),
            new Case("month+sum:7", "::"),
            new Case("hash:3+product:50+day", "§"),
            new Case("SHIPPED:hash:10000", "#"));

    private KeyCases() {}

    static List<Row> rows() {
        Random r = new Random(20260622);
        String[] pieces = {"a", "Z", "7", "-", "é", "ñ", "ß", "€", "中", "文", "😀", "🚀", " ", "#", "\"", "\\"};
        List<Row> rows = new ArrayList<>(COUNT);
        for (int i = 0; i < COUNT; i++) {
            String id =
                    switch (i % 5) {
                        case 0 -> new UUID(r.nextLong(), r.nextLong()).toString();
                        case 1 -> "ORDER-" + i;
                        case 2 -> "P" + (100_000 + r.nextInt(900_000));
                        default -> {
                            StringBuilder sb = new StringBuilder();
                            int len = r.nextInt(10);
                            for (int k = 0; k < len; k++) {
                                sb.append(pieces[r.nextInt(pieces.length)]);
                            }
                            yield sb.toString();
                        }
                    };
            long ts =
                    switch (i % 10) {
                        case 0, 1 -> -80_000_000_000_000L + (long) (r.nextDouble() * 480_000_000_000_000L);
                        case 2 ->
                            (946_684_800_000L / 3_600_000L + r.nextInt(1_000_000)) * 3_600_000L
                                    + (r.nextBoolean() ? 0 : -1);
                        default -> 946_684_800_000L + (long) (r.nextDouble() * 3_155_760_000_000L);
                    };
            rows.add(new Row(BASES.get(r.nextInt(BASES.size())), id, ts));
        }
        rows.set(0, new Row("PENDING", "", 0));
        rows.set(1, new Row("SHIPPED", "foo", -1));
        rows.set(2, new Row("PENDING", "hello", -62_167_219_200_001L)); // the last millisecond of year -1
        rows.set(3, new Row("PENDING", "héllo wörld", 253_402_300_800_000L)); // year 10000
        return rows;
    }
}
