package dev.partitionscope.ui.scatter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.item.AttrValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The console's JSON of items (the detail pane, Copy JSON, JSON… export) writes numbers as DynamoDB does: an order's
 * total of 90 showed as 9E+1 (the number is held stripped of trailing zeros, and Jackson printed that form).
 */
class ScatterItemsJsonTest {
    @Test
    void numbersAreWrittenPlain() {
        Map<String, AttrValue> item = new LinkedHashMap<>();
        item.put("orderId", new AttrValue.S("o-1"));
        item.put("total", AttrValue.N.parse("90"));
        item.put("big", AttrValue.N.parse("1.5E+30"));
        item.put("small", AttrValue.N.parse("0.000120"));

        String json = ScatterViewModel.json(List.of(item));

        assertThat(json)
                .contains("\"total\" : 90")
                .contains("\"big\" : 1500000000000000000000000000000")
                .contains("\"small\" : 0.00012")
                .doesNotContain("E+");
    }
}
