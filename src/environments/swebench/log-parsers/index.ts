/**
 * Which parser reads which repository's test log, by SWE-bench's own
 * names (`parse_log_pytest`, ...): the harness's repository map for the
 * repositories Assay reads, and its parser registry for datasets that
 * name the parser per instance (5.x task repositories' `log_parser`).
 * Pure, no I/O.
 */
import { parseCargo, parseGoTest, parsePhpunit } from "./other-languages";
import { parseDjango, parseMatplotlib, parsePytest, parsePytestOptions, parsePytestV2, parseSeaborn, parseSympy, type LogParser } from "./python";

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
};

/** Repository → parser name, as the harness maps them (the 12 of Verified, the rest of the original set, and Multilingual's Go, Rust and PHP). */
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
};

/**
 * The parser for an instance: the one it names (newer datasets), else its
 * repository's; null when Assay has none, so the caller refuses the
 * instance instead of grading it with a parser that reads another format.
 */
export function parserFor(repo: string, named?: string | null): { name: string; parse: LogParser } | null {
  const name = named ?? REPO_PARSER[repo];
  const parse = name === undefined ? undefined : PARSERS[name];
  return name !== undefined && parse ? { name, parse } : null;
}
