/**
 * Which parser reads which repository's test log, by SWE-bench's own
 * names (`parse_log_pytest`, ...): the harness's repository map for the
 * repositories Assay reads (the 12 of Verified, the rest of the original
 * set, and all 42 of Multilingual: Go, Rust, PHP, C/C++, Java,
 * JavaScript/TypeScript, Ruby), and its parser registry for datasets that
 * name the parser per instance (5.x task repositories' `log_parser`). Two
 * of the harness's parsers pick another by the instance's pull request
 * (jekyll, immutable-js); an instance neither fits has no parser here, as
 * the harness raises on it. Pure, no I/O.
 */
import { parseDoctest, parseGoogletest, parseJq, parseMicropythonTest, parseRedis } from "./c";
import { parseAnt, parseGradleCustom, parseMaven } from "./java";
import { immutableJsParserName, parseImmutableJs, parseJest, parseJestJson, parseKarma, parseMarked, parseTap, parseVitest } from "./javascript";
import { parseCargo, parseGoTest, parsePhpunit } from "./other-languages";
import { parseDjango, parseMatplotlib, parsePytest, parsePytestOptions, parsePytestV2, parseSeaborn, parseSympy, type LogParser } from "./python";
import { jekyllParserName, parseCucumber, parseJekyll, parseMinitest, parseRspecTransformedJson, parseRubyUnit } from "./ruby";

export type { LogParser, ParseOptions, StatusMap } from "./python";

/** The parsers by the harness's function names. */
export const PARSERS: Readonly<Record<string, LogParser>> = {
  parse_log_pytest: parsePytest,
  parse_log_pytest_options: parsePytestOptions,
  parse_log_pytest_v2: parsePytestV2,
  parse_log_django: parseDjango,
  parse_log_seaborn: parseSeaborn,
  parse_log_sympy: parseSympy,
  parse_log_matplotlib: parseMatplotlib,
  parse_log_gotest: parseGoTest,
  parse_log_cargo: parseCargo,
  parse_log_phpunit: parsePhpunit,
  parse_log_redis: parseRedis,
  parse_log_jq: parseJq,
  parse_log_doctest: parseDoctest,
  parse_log_micropython_test: parseMicropythonTest,
  parse_log_googletest: parseGoogletest,
  parse_log_maven: parseMaven,
  parse_log_ant: parseAnt,
  parse_log_gradle_custom: parseGradleCustom,
  parse_log_minitest: parseMinitest,
  parse_log_cucumber: parseCucumber,
  parse_log_ruby_unit: parseRubyUnit,
  parse_log_rspec_transformed_json: parseRspecTransformedJson,
  parse_log_jekyll: parseJekyll,
  parse_log_marked: parseMarked,
  parse_log_jest: parseJest,
  parse_log_jest_json: parseJestJson,
  parse_log_vitest: parseVitest,
  parse_log_karma: parseKarma,
  parse_log_tap: parseTap,
  parse_log_immutable_js: parseImmutableJs,
};

/** The parsers that hand an instance to another by its pull request: the one they pick, or null where the harness raises. */
export const PARSER_BY_INSTANCE: Readonly<Record<string, (instanceId: string) => keyof typeof PARSERS | null>> = {
  parse_log_jekyll: jekyllParserName,
  parse_log_immutable_js: immutableJsParserName,
};

/** Repository → parser name, as the harness maps them (the 12 of Verified, the rest of the original set, and the 42 of Multilingual). */
export const REPO_PARSER: Readonly<Record<string, keyof typeof PARSERS>> = {
  "astropy/astropy": "parse_log_pytest_v2",
  "scikit-learn/scikit-learn": "parse_log_pytest_v2",
  "sphinx-doc/sphinx": "parse_log_pytest_v2",
  "django/django": "parse_log_django",
  "matplotlib/matplotlib": "parse_log_matplotlib",
  "mwaskom/seaborn": "parse_log_seaborn",
  "sympy/sympy": "parse_log_sympy",
  "pytest-dev/pytest": "parse_log_pytest",
  "pydata/xarray": "parse_log_pytest",
  "pallets/flask": "parse_log_pytest",
  "pylint-dev/astroid": "parse_log_pytest",
  "marshmallow-code/marshmallow": "parse_log_pytest",
  "pvlib/pvlib-python": "parse_log_pytest",
  "pyvista/pyvista": "parse_log_pytest",
  "sqlfluff/sqlfluff": "parse_log_pytest",
  "psf/requests": "parse_log_pytest_options",
  "pylint-dev/pylint": "parse_log_pytest_options",
  "pydicom/pydicom": "parse_log_pytest_options",
  "caddyserver/caddy": "parse_log_gotest",
  "hashicorp/terraform": "parse_log_gotest",
  "prometheus/prometheus": "parse_log_gotest",
  "gohugoio/hugo": "parse_log_gotest",
  "gin-gonic/gin": "parse_log_gotest",
  "burntsushi/ripgrep": "parse_log_cargo",
  "sharkdp/bat": "parse_log_cargo",
  "astral-sh/ruff": "parse_log_cargo",
  "tokio-rs/tokio": "parse_log_cargo",
  "uutils/coreutils": "parse_log_cargo",
  "nushell/nushell": "parse_log_cargo",
  "tokio-rs/axum": "parse_log_cargo",
  "phpoffice/phpspreadsheet": "parse_log_phpunit",
  "laravel/framework": "parse_log_phpunit",
  "php-cs-fixer/php-cs-fixer": "parse_log_phpunit",
  "briannesbitt/carbon": "parse_log_phpunit",
  "redis/redis": "parse_log_redis",
  "jqlang/jq": "parse_log_jq",
  "nlohmann/json": "parse_log_doctest",
  "micropython/micropython": "parse_log_micropython_test",
  "valkey-io/valkey": "parse_log_redis",
  "fmtlib/fmt": "parse_log_googletest",
  "google/gson": "parse_log_maven",
  "apache/druid": "parse_log_maven",
  "javaparser/javaparser": "parse_log_maven",
  "projectlombok/lombok": "parse_log_ant",
  "apache/lucene": "parse_log_gradle_custom",
  "reactivex/rxjava": "parse_log_gradle_custom",
  "jekyll/jekyll": "parse_log_jekyll",
  "fluent/fluentd": "parse_log_ruby_unit",
  "fastlane/fastlane": "parse_log_rspec_transformed_json",
  "jordansissel/fpm": "parse_log_rspec_transformed_json",
  "faker-ruby/faker": "parse_log_ruby_unit",
  "rubocop/rubocop": "parse_log_rspec_transformed_json",
  "markedjs/marked": "parse_log_marked",
  "babel/babel": "parse_log_jest",
  "vuejs/core": "parse_log_vitest",
  "facebook/docusaurus": "parse_log_jest",
  "immutable-js/immutable-js": "parse_log_immutable_js",
  "mrdoob/three.js": "parse_log_tap",
  "preactjs/preact": "parse_log_karma",
  "axios/axios": "parse_log_tap",
};

/**
 * The parser for an instance: the one it names (newer datasets), else its
 * repository's; null when Assay has none, or when it is one that picks by
 * pull request and knows none for `instanceId`, so the caller refuses the
 * instance instead of grading it with a parser that reads another format.
 */
export function parserFor(repo: string, named?: string | null, instanceId = ""): { name: string; parse: LogParser } | null {
  const name = named ?? REPO_PARSER[repo];
  const parse = name === undefined ? undefined : PARSERS[name];
  if (name === undefined || !parse) return null;
  const pick = PARSER_BY_INSTANCE[name];
  return pick && pick(instanceId) === null ? null : { name, parse };
}
