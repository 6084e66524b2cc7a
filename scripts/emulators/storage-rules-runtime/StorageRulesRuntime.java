import com.google.common.collect.ImmutableList;
import com.google.common.util.concurrent.FutureCallback;
import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.MoreExecutors;
import com.google.common.util.concurrent.SettableFuture;
import com.google.firebase.rules.lang.CompileResult;
import com.google.firebase.rules.lang.FirebaseRulesProtoCompiler;
import com.google.firebase.rules.lang.common.FirebaseRulesLangOptions;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageCreateContextConverter;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageDeleteContextConverter;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageGetContextConverter;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageListContextConverter;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageService;
import com.google.firebase.rules.partners.services.firebasestorage.FirebaseStorageUpdateContextConverter;
import com.google.firebase.rules.runtime.common.EvaluationRestrictions;
import com.google.firebase.rules.runtime.common.EvaluationResult;
import com.google.firebase.rules.runtime.evaluators.AuthRuleEvaluator;
import com.google.firebase.rules.runtime.impl.DefaultEvaluator;
import com.google.firebase.rules.runtime.v1.ExpressionListValue;
import com.google.firebase.rules.runtime.v1.ExpressionMapValue;
import com.google.firebase.rules.runtime.v1.ExpressionPathSegmentValue;
import com.google.firebase.rules.runtime.v1.ExpressionPathValue;
import com.google.firebase.rules.runtime.v1.ExpressionValue;
import com.google.firebase.rules.runtime.v1.RulesetAst;
import com.google.firebase.rules.v1.File;
import com.google.firebase.rules.v1.Issue;
import com.google.firebase.rules.v1.Source;
import com.google.firebase.rules.v1.SourcePosition;
import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.ByteString;
import com.google.protobuf.NullValue;
import com.google.protobuf.TextFormat;
import com.google.protobuf.util.JsonFormat;
import com.google.protobuf.util.Timestamps;
import com.google.type.LatLng;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * firebase-tools' Storage rules runtime protocol (lib/emulator/storage/rules/runtime.js) implemented
 * over the Firebase Rules engine inside the gcloud Firestore emulator jar. One JSON object per line
 * on stdin and stdout. The engine classes are undocumented internals: see README.md.
 */
public final class StorageRulesRuntime {
  private static final Gson GSON = new Gson();
  private static final ExpressionValue NULL =
      ExpressionValue.newBuilder().setNullValue(NullValue.NULL_VALUE).build();
  // runtime.js parses every stdout chunk as one JSON object: space the lines so they are read apart.
  private static final long MIN_GAP_NANOS = 3_000_000L;

  private final FirebaseRulesProtoCompiler compiler =
      FirebaseRulesProtoCompiler.createStandalone(
          FirebaseRulesLangOptions.builder()
              .allowTernaryOperator(true)
              .allowCrossServiceRules(true) // firestore.get()/exists() are "Null value error" without it
              .build());
  private final Map<String, DefaultEvaluator> rulesets = new ConcurrentHashMap<>();
  private final Map<Long, Verification> verifications = new ConcurrentHashMap<>();
  private final PrintStream out;
  private long lastWrite;

  private StorageRulesRuntime(PrintStream out) {
    this.out = out;
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 1 || !args[0].equals("serve")) {
      System.err.println("usage: java -jar storage-rules-runtime.jar serve");
      System.exit(2);
    }
    // stdout carries the protocol only; anything a library prints goes to stderr.
    PrintStream protocol =
        new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
    System.setOut(System.err);
    Logger.getLogger("").setLevel(Level.WARNING);
    new StorageRulesRuntime(protocol).serve();
  }

  private void serve() throws Exception {
    JsonObject ready = new JsonObject();
    ready.addProperty("id", -1);
    ready.addProperty("status", "ok");
    send(ready);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = in.readLine()) != null; ) {
      if (line.isBlank()) continue;
      long id = -1;
      try {
        JsonObject message = JsonParser.parseString(line).getAsJsonObject();
        id = message.get("id").getAsLong();
        String action = message.has("action") ? message.get("action").getAsString() : "";
        switch (action) {
          case "load_ruleset" -> loadRuleset(id, message.getAsJsonObject("context"));
          case "verify" -> verify(id, message.getAsJsonObject("context"));
          // A reply to fetch_firestore_document carries the verification's id and no action.
          case "" -> onFirestoreReply(id, message);
          default -> throw new IllegalArgumentException("unknown action " + action);
        }
      } catch (Exception e) {
        verifications.remove(id);
        send(reply(id, null, e.toString(), null));
      }
    }
  }

  private void loadRuleset(long id, JsonObject context) {
    Source.Builder source = Source.newBuilder();
    for (JsonElement file : context.getAsJsonObject("source").getAsJsonArray("files")) {
      JsonObject f = file.getAsJsonObject();
      source.addFiles(
          File.newBuilder()
              .setName(f.get("name").getAsString())
              .setContent(f.get("content").getAsString()));
    }
    CompileResult compiled = compiler.compile(source);
    JsonArray errors = new JsonArray();
    JsonArray warnings = new JsonArray();
    for (Issue issue : compiled.getIssues()) {
      (issue.getSeverity() == Issue.Severity.ERROR ? errors : warnings).add(issueJson(issue));
    }
    JsonObject response = reply(id, null, null, warnings);
    response.add("errors", errors);
    if (!compiled.hasCompilationError() && errors.isEmpty()) {
      RulesetAst ast = compiled.getRulesetAst();
      rulesets.put(
          context.get("rulesetName").getAsString(),
          new DefaultEvaluator(ast, ImmutableList.of(), EvaluationRestrictions.builder().build()));
      JsonObject result = new JsonObject();
      result.addProperty("rulesVersion", ast.getVersion() == RulesetAst.Version.VERSION_2 ? 2 : 1);
      response.add("result", result);
    }
    send(response);
  }

  // manager.js parses each error as JSON with protobuf-java's field names (description_, ...).
  private static String issueJson(Issue issue) {
    SourcePosition at = issue.getSourcePosition();
    JsonObject position = new JsonObject();
    position.addProperty("fileName_", at.getFileName());
    position.addProperty("line_", at.getLine());
    position.addProperty("column_", at.getColumn());
    JsonObject json = new JsonObject();
    json.addProperty("description_", issue.getDescription());
    json.add("sourcePosition_", position);
    json.addProperty("severity_", issue.getSeverityValue());
    return GSON.toJson(json);
  }

  private void verify(long id, JsonObject context) throws Exception {
    String rulesetName = context.get("rulesetName").getAsString();
    DefaultEvaluator evaluator = rulesets.get(rulesetName);
    if (evaluator == null) throw new IllegalStateException("no ruleset named " + rulesetName);
    JsonObject variables = context.getAsJsonObject("variables");
    Verification v =
        new Verification(
            id,
            pathOf(context.get("path").getAsString()),
            parseValue(variables.get("request")).getMapValue(),
            parseValue(variables.get("resource")));
    String method = context.get("method").getAsString();
    AuthRuleEvaluator.RuleContext ruleContext =
        switch (method) {
          case "get" -> FirebaseStorageGetContextConverter.convert(v);
          case "list" -> FirebaseStorageListContextConverter.convert(v);
          case "create" -> FirebaseStorageCreateContextConverter.convert(v);
          case "update" -> FirebaseStorageUpdateContextConverter.convert(v);
          case "delete" -> FirebaseStorageDeleteContextConverter.convert(v);
          default -> throw new IllegalArgumentException("unsupported method " + method);
        };
    verifications.put(id, v);
    Futures.addCallback(
        evaluator.evaluate(ruleContext),
        new FutureCallback<EvaluationResult>() {
          @Override
          public void onSuccess(EvaluationResult result) {
            finish(id, result.permit(), null);
          }

          @Override
          public void onFailure(Throwable t) {
            finish(id, false, "Permission denied: " + t.getMessage());
          }
        },
        MoreExecutors.directExecutor());
  }

  private void finish(long id, boolean permit, String warning) {
    verifications.remove(id);
    JsonObject result = new JsonObject();
    result.addProperty("permit", permit);
    JsonArray warnings = new JsonArray();
    if (warning != null) warnings.add(warning);
    send(reply(id, result, null, warnings));
  }

  private void onFirestoreReply(long id, JsonObject message) {
    Verification v = verifications.get(id);
    if (v == null) throw new IllegalStateException("no verification waits for a document: " + id);
    v.onReply(message);
  }

  private static JsonObject reply(long id, JsonObject result, String error, JsonArray warnings) {
    JsonObject response = new JsonObject();
    response.addProperty("id", id);
    response.addProperty("status", "ok");
    if (result != null) response.add("result", result);
    JsonArray errors = new JsonArray();
    if (error != null) errors.add(error);
    response.add("errors", errors);
    response.add("warnings", warnings == null ? new JsonArray() : warnings);
    return response;
  }

  private synchronized void send(JsonObject message) {
    long wait = lastWrite + MIN_GAP_NANOS - System.nanoTime();
    if (wait > 0) {
      try {
        Thread.sleep(wait / 1_000_000L, (int) (wait % 1_000_000L));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    out.print(GSON.toJson(message) + "\n");
    out.flush();
    lastWrite = System.nanoTime();
  }

  /** One verify request: the context Google's converters read, and its Firestore look-ups. */
  private final class Verification
      implements FirebaseStorageService.FirebaseStorageGetContext,
          FirebaseStorageService.FirebaseStorageListContext,
          FirebaseStorageService.FirebaseStorageCreateContext,
          FirebaseStorageService.FirebaseStorageUpdateContext,
          FirebaseStorageService.FirebaseStorageDeleteContext {
    private record Lookup(ExpressionPathValue path, boolean exists, SettableFuture<ExpressionValue> result) {}

    private final long id;
    private final ExpressionPathValue path;
    private final ExpressionMapValue request;
    private final ExpressionValue resource;
    // firebase-tools answers one document fetch at a time per verification: queue the rest.
    private final ArrayDeque<Lookup> lookups = new ArrayDeque<>();
    private boolean lookupInFlight;

    Verification(long id, ExpressionPathValue path, ExpressionMapValue request, ExpressionValue resource) {
      this.id = id;
      this.path = path;
      this.request = request;
      this.resource = resource;
    }

    @Override public ExpressionPathValue path() { return path; }
    @Override public ExpressionMapValue request() { return request; }
    @Override public ListenableFuture<ExpressionValue> resource() { return Futures.immediateFuture(resource); }

    @Override
    public ExpressionValue debug(ExpressionValue value) {
      System.err.println("debug: " + oneLine(value));
      return value;
    }

    @Override
    public ListenableFuture<ExpressionValue> firestoreGet(ExpressionPathValue doc, SourcePosition at) {
      return lookup(doc, false);
    }

    @Override
    public ListenableFuture<ExpressionValue> firestoreExists(ExpressionPathValue doc, SourcePosition at) {
      return lookup(doc, true);
    }

    private synchronized ListenableFuture<ExpressionValue> lookup(ExpressionPathValue doc, boolean exists) {
      Lookup l = new Lookup(doc, exists, SettableFuture.create());
      lookups.add(l);
      pump();
      return l.result();
    }

    private synchronized void pump() {
      if (lookupInFlight || lookups.isEmpty()) return;
      lookupInFlight = true;
      JsonObject context = new JsonObject();
      context.addProperty("path", pathString(lookups.peek().path()));
      JsonObject request = new JsonObject();
      request.addProperty("server_request_id", id);
      request.addProperty("action", "fetch_firestore_document");
      request.addProperty("status", "ok");
      request.add("context", context);
      send(request);
    }

    synchronized void onReply(JsonObject reply) {
      Lookup l = lookups.poll();
      lookupInFlight = false;
      if (l == null) return;
      boolean found = "ok".equals(reply.get("status").getAsString()) && reply.has("result");
      if (l.exists()) {
        l.result().set(ExpressionValue.newBuilder().setBoolValue(found).build());
      } else {
        l.result().set(found ? document(l.path(), reply.getAsJsonObject("result")) : NULL);
      }
      pump();
    }
  }

  /** A Firestore REST document as rules see it: {__name__, id, data}. */
  private static ExpressionValue document(ExpressionPathValue path, JsonObject doc) {
    JsonObject fields = doc.has("fields") ? doc.getAsJsonObject("fields") : new JsonObject();
    ExpressionMapValue.Builder map = ExpressionMapValue.newBuilder();
    map.putFields("__name__", ExpressionValue.newBuilder().setPathValue(path).build());
    String last = path.getSegmentsCount() == 0 ? "" : path.getSegments(path.getSegmentsCount() - 1).getSimple();
    map.putFields("id", ExpressionValue.newBuilder().setStringValue(last).build());
    map.putFields("data", firestoreMap(fields));
    return ExpressionValue.newBuilder().setMapValue(map).build();
  }

  private static ExpressionValue firestoreMap(JsonObject fields) {
    ExpressionMapValue.Builder map = ExpressionMapValue.newBuilder();
    for (Map.Entry<String, JsonElement> e : fields.entrySet()) {
      map.putFields(e.getKey(), firestoreValue(e.getValue().getAsJsonObject()));
    }
    return ExpressionValue.newBuilder().setMapValue(map).build();
  }

  private static ExpressionValue firestoreValue(JsonObject value) {
    Map.Entry<String, JsonElement> kind = value.entrySet().iterator().next();
    JsonElement v = kind.getValue();
    ExpressionValue.Builder out = ExpressionValue.newBuilder();
    try {
      switch (kind.getKey()) {
        case "nullValue" -> out.setNullValue(NullValue.NULL_VALUE);
        case "booleanValue" -> out.setBoolValue(v.getAsBoolean());
        case "integerValue" -> out.setIntValue(Long.parseLong(v.getAsString()));
        case "doubleValue" -> out.setFloatValue(Double.parseDouble(v.getAsString()));
        case "stringValue" -> out.setStringValue(v.getAsString());
        case "bytesValue" -> out.setBytesValue(ByteString.copyFrom(Base64.getDecoder().decode(v.getAsString())));
        case "timestampValue" -> out.setTimestampValue(Timestamps.parse(v.getAsString()));
        case "referenceValue" -> out.setPathValue(pathOf(v.getAsString().replaceFirst("^projects/[^/]+", "")));
        case "geoPointValue" -> {
          JsonObject p = v.getAsJsonObject();
          out.setLatlngValue(
              LatLng.newBuilder()
                  .setLatitude(p.has("latitude") ? p.get("latitude").getAsDouble() : 0)
                  .setLongitude(p.has("longitude") ? p.get("longitude").getAsDouble() : 0));
        }
        case "arrayValue" -> {
          ExpressionListValue.Builder list = ExpressionListValue.newBuilder();
          JsonObject a = v.getAsJsonObject();
          if (a.has("values")) {
            for (JsonElement item : a.getAsJsonArray("values")) list.addValues(firestoreValue(item.getAsJsonObject()));
          }
          out.setListValue(list);
        }
        case "mapValue" -> {
          JsonObject m = v.getAsJsonObject();
          return firestoreMap(m.has("fields") ? m.getAsJsonObject("fields") : new JsonObject());
        }
        default -> throw new IllegalArgumentException("unknown Firestore value " + kind.getKey());
      }
    } catch (java.text.ParseException e) {
      throw new IllegalArgumentException(e);
    }
    return out.build();
  }

  private static ExpressionValue parseValue(JsonElement json) throws Exception {
    if (json == null || json.isJsonNull()) return NULL;
    ExpressionValue.Builder value = ExpressionValue.newBuilder();
    // JsonFormat accepts firebase-tools' snake_case names, but reads `null_value: null` as unset.
    JsonFormat.parser().merge(GSON.toJson(withExplicitNulls(json)), value);
    return value.build();
  }

  private static JsonElement withExplicitNulls(JsonElement json) {
    if (json.isJsonArray()) {
      JsonArray copy = new JsonArray();
      for (JsonElement item : json.getAsJsonArray()) copy.add(withExplicitNulls(item));
      return copy;
    }
    if (!json.isJsonObject()) return json;
    JsonObject copy = new JsonObject();
    for (Map.Entry<String, JsonElement> e : json.getAsJsonObject().entrySet()) {
      boolean isNull = e.getKey().equals("null_value") || e.getKey().equals("nullValue");
      copy.add(e.getKey(), isNull ? new com.google.gson.JsonPrimitive("NULL_VALUE") : withExplicitNulls(e.getValue()));
    }
    return copy;
  }

  private static ExpressionPathValue pathOf(String path) {
    ExpressionPathValue.Builder value = ExpressionPathValue.newBuilder();
    for (String segment : path.split("/")) {
      if (!segment.isEmpty()) value.addSegments(ExpressionPathSegmentValue.newBuilder().setSimple(segment));
    }
    return value.build();
  }

  private static String oneLine(com.google.protobuf.MessageOrBuilder message) {
    return TextFormat.printer().emittingSingleLine(true).printToString(message);
  }

  private static String pathString(ExpressionPathValue path) {
    StringBuilder s = new StringBuilder();
    for (ExpressionPathSegmentValue segment : path.getSegmentsList()) {
      s.append('/').append(segment.hasSimple() ? segment.getSimple() : oneLine(segment));
    }
    return s.toString();
  }
}
