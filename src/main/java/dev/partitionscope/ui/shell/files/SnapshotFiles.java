package dev.partitionscope.ui.shell.files;

import dev.partitionscope.aws.AwsProfiles;
import dev.partitionscope.aws.ConnectService;
import dev.partitionscope.aws.Connection;
import dev.partitionscope.aws.ConnectionFactory;
import dev.partitionscope.aws.ConnectionKind;
import dev.partitionscope.aws.ConnectionSpec;
import dev.partitionscope.aws.KeyAudit;
import dev.partitionscope.aws.UserMessage;
import dev.partitionscope.aws.snapshot.AuditJson;
import dev.partitionscope.aws.snapshot.Exchange;
import dev.partitionscope.aws.snapshot.ExchangeLog;
import dev.partitionscope.aws.snapshot.Snapshot;
import dev.partitionscope.aws.snapshot.SnapshotReplay;
import dev.partitionscope.core.view.ViewState;
import dev.partitionscope.ui.audit.AuditViewModel;
import dev.partitionscope.ui.session.Screen;
import dev.partitionscope.ui.shell.MainViewModel;
import dev.partitionscope.ui.shell.Screens;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Snapshots in the window: what one taken now would hold (the connection's recorded reads, the view, the window,
 * where it came from) and opening one — a connection whose clients the snapshot answers, kept on the kind it was
 * taken on so every screen asks exactly what it asked then, read-only and named "Snapshot · file".
 */
final class SnapshotFiles {
    private static final DateTimeFormatter TAKEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT);

    private final MainViewModel main;
    private final Screens screens;
    private final Supplier<AwsProfiles> profiles;

    SnapshotFiles(MainViewModel main, Screens screens, Supplier<AwsProfiles> profiles) {
        this.main = main;
        this.screens = screens;
        this.profiles = profiles;
    }

    /** What a snapshot of {@code c} would hold, in a sentence for the save dialog. */
    String summary(Connection c) {
        ExchangeLog log = c.exchanges().orElseThrow();
        List<Exchange> data = log.exchanges(false);
        List<String> tables = tables(data);
        KeyAudit.Result audit = audit();
        return data.size() + " answers read on " + words(screensOpen())
                + (tables.isEmpty()
                        ? ""
                        : " for " + (tables.size() == 1 ? "table " : "tables ") + String.join(", ", tables))
                + "."
                + (audit == null
                        ? ""
                        : " The key audit of " + audit.shape().name() + " goes in as its result"
                                + " (risk matrix, findings, key patterns), without the items it sampled.");
    }

    /** The audit the Audit screen shows for the top bar's table, or null. */
    private KeyAudit.Result audit() {
        if (!screens.created(Screen.AUDIT)) {
            return null;
        }
        AuditViewModel vm = screens.audit();
        KeyAudit.Result r = vm.resultProperty().get();
        return r != null
                        && !vm.runningProperty().get()
                        && r.shape().name().equals(main.selectedTableProperty().get())
                ? r
                : null;
    }

    /**
     * The audit saved in an opened snapshot, for the view's table; empty when there is none, or when it cannot be
     * read (then the user is told, and the rest of the snapshot opens as usual).
     */
    Optional<KeyAudit.Result> savedAudit(
            Snapshot.Contents contents, ViewState view, String file, java.util.function.Consumer<UserMessage> problem) {
        if (contents.audit() == null) {
            return Optional.empty();
        }
        try {
            KeyAudit.Result r = AuditJson.fromJson(contents.audit());
            return r.shape().name().equals(view.table()) ? Optional.of(r) : Optional.empty();
        } catch (IllegalArgumentException e) {
            problem.accept(UserMessage.of(
                    "The key audit in " + file + " was not opened",
                    e.getMessage() + ".",
                    "The other screens show the snapshot; run the audit again where the table can be read."));
            return Optional.empty();
        }
    }

    /** The snapshot of {@code c} at the view shown; on the UI thread (it reads the screens). */
    Snapshot.Contents take(Connection c, boolean itemContents) {
        ViewState view = ViewStates.capture(main, screens);
        List<Exchange> exchanges = c.exchanges().orElseThrow().exchanges(itemContents);
        List<String> tables = tables(exchanges);
        if (view.table() != null && !tables.contains(view.table())) {
            tables.add(0, view.table());
        }
        ViewState.Range r = view.range();
        Snapshot.About about = new Snapshot.About(
                screensOpen(),
                tables,
                r == null ? 0 : r.fromMillis(),
                r == null ? 0 : r.toMillis(),
                r != null && r.utc());
        ConnectionSpec spec = c.spec();
        Snapshot.Source source = new Snapshot.Source(
                spec.kind(), c.region(), spec.kind() == ConnectionKind.AWS ? null : spec.endpoint(), c.upstream());
        KeyAudit.Result audit = audit();
        return new Snapshot.Contents(
                System.currentTimeMillis(),
                Snapshot.createdBy(),
                c.clock().now().toEpochMilli(),
                source,
                about,
                ViewStates.toJson(view),
                itemContents,
                exchanges,
                audit == null ? null : AuditJson.toJson(audit));
    }

    /**
     * Connects the app to an opened snapshot (in the background, as every connect).
     *
     * @return the spec of the connection being opened, to know it when it arrives
     */
    ConnectionSpec connect(Path file, Snapshot.Contents contents) {
        String name = file.getFileName().toString();
        Snapshot.Source source = contents.source();
        // Never the Lab's kind, whatever a file says: that one is writable, and a snapshot is read-only.
        ConnectionKind kind = source.kind() == ConnectionKind.LAB ? ConnectionKind.CUSTOM : source.kind();
        ConnectionSpec spec = new ConnectionSpec(
                "Snapshot · " + name,
                kind,
                null,
                source.region(),
                source.endpoint(),
                kind == ConnectionKind.AWS ? null : "snapshot",
                null);
        String taken = TAKEN.withZone(contents.about().utc() ? java.time.ZoneOffset.UTC : ZoneId.systemDefault())
                .format(Instant.ofEpochMilli(contents.endpointMillis()));
        String where = source.kind().label()
                + (source.kind() == ConnectionKind.AWS
                        ? " " + source.region()
                        : source.endpoint() == null ? "" : " " + source.endpoint());
        String label = "Snapshot of " + where + " · taken " + taken + " · read-only, nothing is sent";
        String note = "A snapshot of " + where + " taken " + taken + " (" + name + "): the screens read what was read"
                + " then, and nothing else; nothing is sent anywhere.";
        main.connect(
                spec,
                s -> new ConnectService.Result(
                        new ConnectionFactory(profiles.get())
                                .openSnapshot(
                                        s,
                                        source.region(),
                                        source.upstream(),
                                        new SnapshotReplay(contents, name),
                                        ExchangeLog.of(contents.exchanges()),
                                        label),
                        List.of(note)));
        return spec;
    }

    /** The screens whose reads a snapshot holds (the Lab's are not a live endpoint's). */
    private List<String> screensOpen() {
        List<String> open = new ArrayList<>();
        for (Screen s : Screen.values()) {
            if (s != Screen.LAB && screens.created(s)) {
                open.add(s.title());
            }
        }
        return open;
    }

    /** The tables described, in the order they were read. */
    private static List<String> tables(List<Exchange> exchanges) {
        Set<String> tables = new LinkedHashSet<>();
        for (Exchange e : exchanges) {
            if (e.operation().equals("DescribeTable")
                    && e.status() == 200
                    && e.request().hasNonNull("TableName")) {
                tables.add(e.request().path("TableName").asText());
            }
        }
        return new ArrayList<>(tables);
    }

    private static String words(List<String> items) {
        if (items.isEmpty()) {
            return "no screen";
        }
        String list = items.size() == 1
                ? items.get(0)
                : String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
        return "the " + list + (items.size() == 1 ? " screen" : " screens");
    }
}
