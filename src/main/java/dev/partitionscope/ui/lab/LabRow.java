package dev.partitionscope.ui.lab;

/**
 * One line of the Lab screen's partition list: a section header (the table or one GSI, with its totals) or one
 * partition. Display-ready text is computed once per refresh by {@link LabRows}, so a cell only sets labels.
 */
public sealed interface LabRow permits LabRow.Section, LabRow.Part {

    /**
     * A stable place in the list whose row is replaced as the data changes: a refresh sets the rows of existing
     * slots, so the list itself does not change and keeps its selection, focus and scroll position; only a new
     * shape (a split, another table) replaces the slots.
     */
    final class Slot {
        private final javafx.beans.property.ReadOnlyObjectWrapper<LabRow> row;

        Slot(LabRow row) {
            this.row = new javafx.beans.property.ReadOnlyObjectWrapper<>(this, "row", row);
        }

        public LabRow get() {
            return row.get();
        }

        void set(LabRow next) {
            if (!next.equals(row.get())) {
                row.set(next);
            }
        }

        public javafx.beans.property.ReadOnlyObjectProperty<LabRow> rowProperty() {
            return row.getReadOnlyProperty();
        }

        @Override
        public String toString() {
            return String.valueOf(row.get());
        }
    }

    /** The table or GSI the row belongs to. */
    String resource();

    /** Stable identity across refreshes (selection survives a refresh; splits change partition numbers). */
    String key();

    /** The row as one line of text, for the clipboard. */
    String asText();

    /** How close a partition is to its ceiling. */
    enum Heat {
        IDLE,
        WARM,
        NEAR,
        AT_CEILING
    }

    /**
     * A table or GSI with its totals.
     *
     * @param kind          "table" or "GSI"
     * @param billing       "Provisioned" or "On-demand"
     * @param limitsText    provisioned capacity, or the on-demand maximum / allowance
     * @param consumedText  consumed in the last complete second
     * @param availableText tokens the table level would admit now (burst included)
     * @param partitionsText partition count and splits so far
     * @param atCeiling     partitions at their ceiling right now
     * @param shown         partitions listed under this section (fewer than the count when filtered)
     */
    record Section(
            String resource,
            boolean index,
            String kind,
            String billing,
            String limitsText,
            String consumedText,
            String availableText,
            String partitionsText,
            int partitions,
            int splits,
            int atCeiling,
            int shown)
            implements LabRow {
        @Override
        public String key() {
            return resource + "#section";
        }

        @Override
        public String asText() {
            return resource + " (" + kind + ", " + billing + ")\tlimits " + limitsText + "\tconsumed last second "
                    + consumedText + "\tavailable " + availableText + "\t" + partitionsText;
        }
    }

    /**
     * One partition.
     *
     * @param start      first hash of the range as a share of the hash space, in [0, 1)
     * @param end        end of the range as a share, in (0, 1]
     * @param writeRatio write load last second / write ceiling (may exceed 1 after idling: bucket-seconds)
     * @param keyText    the isolated or hottest key's value when the meter knows it, else its hash; "" if none
     */
    record Part(
            String resource,
            int number,
            long lo,
            double start,
            double end,
            String rangeText,
            double writeLoad,
            double writeCeiling,
            double writeRatio,
            String writeText,
            Heat writeHeat,
            double readLoad,
            double readCeiling,
            double readRatio,
            String readText,
            Heat readHeat,
            String tokensText,
            int hotSeconds,
            String hotText,
            boolean isolated,
            String keyText)
            implements LabRow {
        @Override
        public String key() {
            return resource + "#" + Long.toUnsignedString(lo);
        }

        public boolean atCeiling() {
            return writeHeat == Heat.AT_CEILING || readHeat == Heat.AT_CEILING;
        }

        public Heat heat() {
            return writeHeat.compareTo(readHeat) >= 0 ? writeHeat : readHeat;
        }

        @Override
        public String asText() {
            StringBuilder sb = new StringBuilder();
            sb.append(resource)
                    .append(" partition ")
                    .append(number)
                    .append('\t')
                    .append("key range ")
                    .append(rangeText)
                    .append('\t')
                    .append("writes ")
                    .append(writeText)
                    .append('\t')
                    .append("reads ")
                    .append(readText)
                    .append('\t')
                    .append("tokens ")
                    .append(tokensText)
                    .append('\t')
                    .append("hot ")
                    .append(hotText);
            if (atCeiling()) {
                sb.append("\tAT CEILING");
            }
            if (isolated) {
                sb.append("\tisolated key");
            }
            if (!keyText.isEmpty()) {
                sb.append('\t').append(isolated ? "key " : "hottest key ").append(keyText);
            }
            return sb.toString();
        }
    }
}
