package dev.partitionscope.aws;

import dev.partitionscope.config.JsonFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Saved connections in {@code connections.json}. The file format has no field that could hold a secret: only
 * names, kinds, profiles, regions, endpoints and (for local endpoints) the access key id, which DynamoDB Local uses as
 * a database name. Real credentials come only from the AWS credential chain.
 */
public final class ConnectionStore {
    public static final String FILE_NAME = "connections.json";

    private static final System.Logger LOG = System.getLogger(ConnectionStore.class.getName());

    private final Path file;
    /** Why the file was last found unreadable; kept until the next save, so later reads do not look empty for no reason. */
    private String problem;

    /** On-disk form; kept separate from {@link ConnectionSpec} so the file format is explicit and stable. */
    public record Entry(
            String name,
            ConnectionKind kind,
            String profile,
            String region,
            String endpoint,
            String accessKeyId,
            Integer labProxyPort) {
        static Entry of(ConnectionSpec s) {
            // The built-in Lab's port changes every start: never store it.
            String endpoint = s.kind() == ConnectionKind.LAB ? null : s.endpoint();
            return new Entry(
                    s.name(),
                    s.kind(),
                    s.profile(),
                    s.region(),
                    endpoint,
                    s.kind().isLocal() ? s.accessKeyId() : null,
                    s.labProxyPort());
        }

        ConnectionSpec toSpec() {
            return new ConnectionSpec(name, kind, profile, region, endpoint, accessKeyId, labProxyPort);
        }
    }

    public record FileContent(int version, List<Entry> connections) {
        public FileContent {
            // A null entry (hand-edited file) is skipped; List.copyOf would throw and cost every other connection.
            connections = connections == null
                    ? List.of()
                    : connections.stream().filter(Objects::nonNull).toList();
        }
    }

    public ConnectionStore(Path configDir) {
        this.file = configDir.resolve(FILE_NAME);
    }

    public Path file() {
        return file;
    }

    /**
     * Loaded connections, plus a problem sentence when the file was unreadable (it is then kept aside, never lost).
     * The problem is repeated by every load until the next save: the file moved aside reads as "no connections", and
     * that must not look like a clean empty list. Reads a file: call it off the FX thread.
     */
    public synchronized JsonFiles.Read<List<ConnectionSpec>> load() {
        JsonFiles.Read<FileContent> read = JsonFiles.read(file, FileContent.class, new FileContent(1, List.of()));
        if (read.problem() != null) {
            problem = read.problem();
            LOG.log(System.Logger.Level.WARNING, problem);
        }
        List<ConnectionSpec> specs = new ArrayList<>();
        for (Entry e : read.value().connections()) {
            if (e != null && e.name() != null && e.kind() != null) {
                specs.add(e.toSpec());
            }
        }
        return new JsonFiles.Read<>(List.copyOf(specs), problem);
    }

    public synchronized void save(List<ConnectionSpec> specs) throws IOException {
        JsonFiles.write(file, new FileContent(1, specs.stream().map(Entry::of).toList()));
        problem = null;
    }

    /** Adds or replaces (by name) one connection. */
    public List<ConnectionSpec> upsert(ConnectionSpec spec) throws IOException {
        List<ConnectionSpec> all = new ArrayList<>(load().value());
        all.removeIf(s -> s.name().equals(spec.name()));
        all.add(spec);
        save(all);
        return List.copyOf(all);
    }

    public List<ConnectionSpec> remove(String name) throws IOException {
        List<ConnectionSpec> all = new ArrayList<>(load().value());
        all.removeIf(s -> s.name().equals(name));
        save(all);
        return List.copyOf(all);
    }

    public Optional<ConnectionSpec> find(String name) {
        return load().value().stream().filter(s -> s.name().equals(name)).findFirst();
    }
}
