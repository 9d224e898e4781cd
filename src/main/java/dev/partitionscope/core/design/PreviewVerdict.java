package dev.partitionscope.core.design;

import java.util.List;
import java.util.Locale;

/**
 * The verdict sentence of a {@link SchemePreview}, computed from its counts only: what happened to these ids, not
 * what the scheme is supposed to do.
 */
final class PreviewVerdict {
    /** Within this fraction of the mean on every possible key, a spread is called even. */
    static final double EVEN = 0.25;

    private PreviewVerdict() {}

    static String of(SchemePreview p) {
        String spec = p.scheme().toString();
        SchemePreview.Shard top = p.busiest();
        int possible = p.possibleShards();
        String ids = Text.count(p.ids(), "id", "ids");
        List<SchemePreview.Shard> cold =
                p.shards().stream().filter(s -> s.suffix().isEmpty()).toList();
        String coldNote = cold.isEmpty() || cold.size() == possible
                ? ""
                : " Left unsharded: "
                        + String.join(
                                ", ",
                                cold.stream()
                                        .map(s -> s.key() + " (" + Text.pct(s.share()) + ")")
                                        .toList()) + ".";
        StringBuilder sb = new StringBuilder();
        if (p.distinctShards() == 1) {
            if (possible == 1) {
                sb.append(spec)
                        .append(" leaves these ")
                        .append(ids)
                        .append(" on one key (")
                        .append(top.key())
                        .append("): nothing is spread.");
            } else {
                sb.append(spec)
                        .append(" puts 100 % of these ")
                        .append(ids)
                        .append(" on one shard (")
                        .append(top.key())
                        .append("); the other ")
                        .append(possible - 1)
                        .append(" of its ")
                        .append(Text.count(possible, "key", "keys"))
                        .append(" get nothing.");
            }
            return sb.append(coldNote).toString();
        }
        if (p.timeBuckets() > 0 && p.maxLoadShare() > 0.999) {
            String unit = p.scheme().bucket().name().toLowerCase(Locale.ROOT);
            sb.append(spec)
                    .append(" spreads these ")
                    .append(ids)
                    .append(" over ")
                    .append(Text.count(p.timeBuckets(), unit, unit + "s"))
                    .append(", but at any moment every write goes to one key (the current ")
                    .append(unit)
                    .append("'s): the load is not divided.");
            return sb.append(coldNote).toString();
        }
        if (p.evenSpread() <= EVEN && p.distinctShards() == possible) {
            sb.append(spec)
                    .append(" spreads these ")
                    .append(ids)
                    .append(" within ±")
                    .append(Text.pct(p.evenSpread()))
                    .append(" of even over ")
                    .append(Text.count(possible, "key", "keys"))
                    .append(" (busiest ")
                    .append(top.key())
                    .append(" with ")
                    .append(Text.pct(p.maxShare()))
                    .append(", max-to-mean ")
                    .append(Text.ratio(p.maxToMean()))
                    .append(").");
        } else {
            int empty = possible - p.distinctShards();
            sb.append(spec)
                    .append(" spreads these ")
                    .append(ids)
                    .append(" unevenly: the busiest key (")
                    .append(top.key())
                    .append(") has ")
                    .append(Text.pct(p.maxShare()))
                    .append(", ")
                    .append(Text.ratio(p.maxToMean()))
                    .append("× the even share of ")
                    .append(Text.pct(1.0 / possible));
            if (empty > 0) {
                sb.append(", and ")
                        .append(empty)
                        .append(" of ")
                        .append(Text.count(possible, "key", "keys"))
                        .append(empty == 1 ? " gets" : " get")
                        .append(" none");
            }
            sb.append('.');
        }
        if (p.ids() < 10L * possible && !p.scheme().parts().isEmpty()) {
            sb.append(" With only ")
                    .append(ids)
                    .append(" for ")
                    .append(Text.count(possible, "key", "keys"))
                    .append(", part of the unevenness is chance.");
        }
        return sb.append(coldNote).toString();
    }
}
