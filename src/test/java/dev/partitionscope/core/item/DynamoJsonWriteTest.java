package dev.partitionscope.core.item;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The streaming writer writes exactly what the tree builder builds, for every type, nested, in the map's order. */
class DynamoJsonWriteTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void streamingWriterEqualsTheTreeForEveryType() throws Exception {
        Map<String, AttrValue> item = new LinkedHashMap<>();
        item.put("s", AttrValue.s("héllo \"quoted\" \n 𝄞"));
        item.put("n", AttrValue.N.parse("-0012.50E+3"));
        item.put("b", new AttrValue.B(new byte[] {(byte) 0xff, 0, 1}));
        item.put("t", AttrValue.Bool.TRUE);
        item.put("f", AttrValue.Bool.FALSE);
        item.put("null", AttrValue.Null.INSTANCE);
        item.put("ss", new AttrValue.SS(List.of("a", "b")));
        item.put("ns", new AttrValue.NS(List.of(AttrValue.N.parse("1"), AttrValue.N.parse("2.50"))));
        item.put("bs", new AttrValue.BS(List.of(new AttrValue.B(new byte[] {1}), new AttrValue.B(new byte[0]))));
        item.put("l", new AttrValue.L(List.of(AttrValue.s("x"), new AttrValue.L(List.of()), AttrValue.Null.INSTANCE)));
        item.put("m", new AttrValue.M(Map.of("inner", new AttrValue.M(Map.of("k", AttrValue.N.parse("3"))))));

        StringWriter out = new StringWriter();
        try (JsonGenerator g = MAPPER.getFactory().createGenerator(out)) {
            DynamoJson.write(g, item);
        }
        String tree = MAPPER.writeValueAsString(DynamoJson.values(item));
        assertThat(out.toString()).isEqualTo(tree);
        assertThat(DynamoJson.values(MAPPER.readTree(out.toString()))).isEqualTo(item);
    }
}
