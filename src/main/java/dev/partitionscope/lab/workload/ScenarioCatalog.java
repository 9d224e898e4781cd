package dev.partitionscope.lab.workload;

import dev.partitionscope.config.AppDirs;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The scenarios a user can run: the bundled ones (jar resources under {@value #BUNDLED}, listed in its
 * {@code index.txt}) and the user's own {@code *.json} files in {@link #userDir()}. A user file with the name of a
 * bundled scenario replaces it. A file that cannot be read does not hide the others: it becomes a
 * {@linkplain #problems() problem} naming the file and what is wrong.
 */
public final class ScenarioCatalog {
    public static final String BUNDLED = "/bundled/scenarios/";

    private final Map<String, Scenario> scenarios;
    private final List<String> problems;
    private final Path userDir;

    private ScenarioCatalog(Map<String, Scenario> scenarios, List<String> problems, Path userDir) {
        this.scenarios = scenarios;
        this.problems = List.copyOf(problems);
        this.userDir = userDir;
    }

    /** {@code <config dir>/scenarios}: where users put their own scenario files. */
    public static Path userDir() {
        return AppDirs.configDir().resolve("scenarios");
    }

    /** The bundled scenarios and those in {@link #userDir()}. */
    public static ScenarioCatalog load() {
        return load(userDir());
    }

    /** The bundled scenarios and those in {@code dir} (which may not exist; null for bundled only). */
    public static ScenarioCatalog load(Path dir) {
        Map<String, Scenario> found = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (String file : bundledFiles()) {
            String text = resource(BUNDLED + file);
            if (text == null) {
                problems.add(file + ": listed in the bundled index but missing from the build");
                continue;
            }
            add(found, ScenarioCatalogReading.read(file, text, problems));
        }
        if (dir != null && Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path p : files.filter(f -> f.getFileName().toString().endsWith(".json"))
                        .sorted()
                        .toList()) {
                    String text;
                    try {
                        text = Files.readString(p, StandardCharsets.UTF_8);
                    } catch (IOException | UncheckedIOException e) {
                        problems.add(p + ": cannot be read (" + e.getMessage() + ")");
                        continue;
                    }
                    add(found, ScenarioCatalogReading.read(p.toString(), text, problems));
                }
            } catch (IOException e) {
                problems.add(dir + ": cannot be listed (" + e.getMessage() + ")");
            }
        }
        return new ScenarioCatalog(found, problems, dir);
    }

    /** Where the living Lab's own scenarios are bundled: read by name, not listed in the catalog. */
    public static final String LIVING = BUNDLED + "living/";

    /**
     * One of the scenarios the built-in Lab started alive plays besides the listed ones ({@code living/<name>.json}
     * in the bundled scenarios): the demo tables' everyday traffic, which tells no problem-and-fix story of its own.
     */
    public static Scenario living(String name) {
        String text = resource(LIVING + name + ".json");
        if (text == null) {
            throw new ScenarioException("No living Lab scenario named '" + name + "' in the build.");
        }
        return ScenarioReader.readLiving(name + ".json", text);
    }

    private static void add(Map<String, Scenario> found, Scenario s) {
        if (s != null) {
            found.put(s.name(), s); // a user's file replaces the bundled scenario of the same name
        }
    }

    static List<String> bundledFiles() {
        String index = resource(BUNDLED + "index.txt");
        if (index == null) {
            return List.of();
        }
        return index.lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                .toList();
    }

    private static String resource(String path) {
        try (InputStream in = ScenarioCatalog.class.getResourceAsStream(path)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    // Queries

    /** Every usable scenario: bundled order first, then the user's. */
    public List<Scenario> scenarios() {
        return List.copyOf(scenarios.values());
    }

    public Optional<Scenario> find(String name) {
        return Optional.ofNullable(scenarios.get(name));
    }

    /** The scenario, or a ScenarioException that lists the known ones and any file that failed to load. */
    public Scenario get(String name) {
        Scenario s = scenarios.get(name);
        if (s != null) {
            return s;
        }
        StringBuilder sb = new StringBuilder(
                "No scenario named '" + name + "'. Known: " + String.join(", ", scenarios.keySet()) + ".");
        problems.stream().filter(p -> p.contains(name)).findFirst().ifPresent(p -> sb.append(
                        " A file that may be" + " it could not be read: ")
                .append(p));
        throw new ScenarioException(sb.toString());
    }

    /** Files that could not be used, each naming the file and the problem. */
    public List<String> problems() {
        return problems;
    }

    /** The user directory this catalog read (null when bundled only). */
    public Path directory() {
        return userDir;
    }

    /** Reading one file, turning a failure into a problem line. */
    private static final class ScenarioCatalogReading {
        static Scenario read(String file, String text, List<String> problems) {
            try {
                return ScenarioReader.read(file, text);
            } catch (ScenarioException e) {
                problems.add(e.getMessage());
                return null;
            }
        }
    }
}
