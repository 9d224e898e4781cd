package dev.partitionscope.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.partitionscope.aws.TableGateway;
import dev.partitionscope.core.table.ContributorInsightsState;
import dev.partitionscope.core.table.TableShape;
import dev.partitionscope.core.table.TableSummary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code partitionscope describe TABLE}: the overview screen as Markdown or JSON. */
@Command(
        name = "describe",
        mixinStandardHelpOptions = true,
        description = "Describe a table: keys, indexes, capacity, Contributor Insights status.")
public final class DescribeCommand implements Callable<Integer> {
    @Mixin
    ConnectionOptions connection;

    @Parameters(paramLabel = "TABLE", description = "Table name.")
    String table;

    @Option(names = "--json", description = "Print JSON instead of Markdown.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        return connection.run(spec, "DescribeTable", c -> {
            TableGateway gateway = new TableGateway(c);
            TableShape shape = gateway.describe(table);
            List<ContributorInsightsState> insights = gateway.contributorInsights(shape);
            var out = spec.commandLine().getOut();
            if (json) {
                Map<String, Object> doc = new LinkedHashMap<>();
                doc.put("table", shape);
                doc.put("contributorInsights", insights);
                out.println(new ObjectMapper()
                        .registerModule(new JavaTimeModule())
                        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                        .enable(SerializationFeature.INDENT_OUTPUT)
                        .writeValueAsString(doc));
            } else {
                out.print(TableSummary.markdown(shape, insights));
            }
            return CliSupport.OK;
        });
    }
}
