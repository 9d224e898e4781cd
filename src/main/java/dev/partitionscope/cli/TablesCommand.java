package dev.partitionscope.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.partitionscope.aws.TableGateway;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code partitionscope tables}: lists the tables of an endpoint or AWS region, all pages. */
@Command(name = "tables", mixinStandardHelpOptions = true, description = "List the tables (all pages).")
public final class TablesCommand implements Callable<Integer> {
    @Mixin
    ConnectionOptions connection;

    @Option(names = "--json", description = "Print a JSON array instead of one name per line.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        return connection.run(spec, "ListTables", c -> {
            List<String> names = new ArrayList<>();
            new TableGateway(c).listTables(names::addAll, () -> false);
            var out = spec.commandLine().getOut();
            if (json) {
                out.println(new ObjectMapper().writeValueAsString(names));
            } else {
                names.forEach(out::println);
            }
            return CliSupport.OK;
        });
    }
}
