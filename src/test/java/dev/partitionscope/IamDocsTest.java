package dev.partitionscope;

import static org.assertj.core.api.Assertions.assertThat;

import dev.partitionscope.core.iam.Feature;
import dev.partitionscope.core.iam.IamPolicies;
import dev.partitionscope.core.iam.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/iam.md shows exactly what core/iam writes: the tables, the feature list and both policies, byte for byte, so
 * the page cannot drift from the code (nor from the connection dialog's Copy IAM policy). Runs from the project root.
 */
class IamDocsTest {
    private static final Path PAGE = Path.of(IamPolicies.DOC);

    private static String page() throws Exception {
        return Files.readString(PAGE);
    }

    private static String json(String policy) {
        return "```json\n" + policy + "```\n";
    }

    @Test
    void thePageHoldsTheReadOnlyPolicyTheCodeWrites() throws Exception {
        assertThat(page()).contains(json(IamPolicies.readOnly(Target.placeholders())));
    }

    @Test
    void thePageHoldsTheWritesPolicyApart() throws Exception {
        String page = page();
        String writes = json(IamPolicies.writes(Target.placeholders()));
        assertThat(page).contains(writes);
        // Apart: the read-only block holds no write, and the writes come after it.
        assertThat(page.indexOf(writes)).isGreaterThan(page.indexOf(json(IamPolicies.readOnly(Target.placeholders()))));
    }

    @Test
    void thePageHoldsThePerFeatureTablesAndDescriptions() throws Exception {
        String page = page();
        assertThat(page)
                .contains(IamPolicies.markdownTable(Feature.reads()))
                .contains(IamPolicies.markdownTable(Feature.writes()))
                .contains(IamPolicies.markdownDescriptions(Feature.reads()))
                .contains(IamPolicies.markdownDescriptions(Feature.writes()));
    }

    @Test
    void thePageHoldsNoOtherPolicy() throws Exception {
        // Every JSON block on the page is one the code writes: a hand-edited copy would be caught here.
        String page = page();
        long blocks = page.lines().filter(l -> l.equals("```json")).count();
        assertThat(blocks).isEqualTo(2);
    }

    @Test
    void theDocsLinkToThePage() throws Exception {
        assertThat(Files.readString(Path.of("README.md"))).contains("(docs/iam.md)");
        assertThat(Files.readString(Path.of("docs/README.md"))).contains("(iam.md)");
        assertThat(Files.readString(Path.of("docs/connections.md"))).contains("(iam.md)");
        assertThat(Files.readString(Path.of("docs/troubleshooting.md"))).contains("(iam.md)");
    }
}
