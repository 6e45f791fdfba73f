/**
 * The app shell: sign-in by API key, the project's name, navigation and
 * the page for the current URL. Pages other than the first one are loaded
 * on demand so the first visit stays small.
 */
import type { ComponentType } from "preact";
import { lazy, Suspense } from "preact/compat";
import { useEffect, useState } from "preact/hooks";
import { client, loadRoutes, session, unwrap, whenUnauthorized } from "./lib/api";
import { Link, match, navigate, useLocation } from "./lib/router";
import type { Project } from "./lib/types";
import { Loading } from "./components/ui";
import { SignIn } from "./pages/sign-in";

const Benchmarks = lazy(() => import("./pages/benchmarks"));
const BenchmarkDetail = lazy(() => import("./pages/benchmark-detail"));
const Builder = lazy(() => import("./pages/builder"));
const Wizard = lazy(() => import("./pages/wizard"));
const Runs = lazy(() => import("./pages/runs"));
const RunDetail = lazy(() => import("./pages/run-detail"));
const Leaderboard = lazy(() => import("./pages/leaderboard"));
const History = lazy(() => import("./pages/history"));
const Compare = lazy(() => import("./pages/compare"));
const Alerts = lazy(() => import("./pages/alerts"));
const Hooks = lazy(() => import("./pages/hooks"));

type Route = [pattern: string, page: ComponentType<{ params: Record<string, string> }>, nav: string];

const ROUTES: Route[] = [
  ["/benchmarks", Benchmarks, "benchmarks"],
  ["/benchmarks/new", Builder, "benchmarks"],
  ["/benchmarks/:id", BenchmarkDetail, "benchmarks"],
  ["/evaluations/new", Wizard, "new"],
  ["/runs", Runs, "runs"],
  ["/runs/:id", RunDetail, "runs"],
  ["/runs/:id/attempts/:attempt", RunDetail, "runs"],
  ["/compare", Compare, "runs"],
  ["/leaderboard", Leaderboard, "leaderboard"],
  ["/history", History, "history"],
  ["/alerts", Alerts, "alerts"],
  ["/webhooks", Hooks, "webhooks"],
];

const NAV: [href: string, label: string, key: string][] = [
  ["/benchmarks", "Benchmarks", "benchmarks"],
  ["/evaluations/new", "New evaluation", "new"],
  ["/runs", "Runs", "runs"],
  ["/leaderboard", "Leaderboard", "leaderboard"],
  ["/history", "Score history", "history"],
  ["/alerts", "Alerts", "alerts"],
  ["/webhooks", "Webhooks & triggers", "webhooks"],
];

function resolve(path: string): { page: Route[1]; params: Record<string, string>; nav: string } | null {
  for (const [pattern, page, nav] of ROUTES) {
    const params = match(pattern, path);
    if (params) return { page, params, nav };
  }
  return null;
}

export function App() {
  const loc = useLocation();
  const [key, setKey] = useState(session.key());
  const [project, setProject] = useState<Project | null>(null);

  useEffect(() => {
    whenUnauthorized(() => {
      session.clear();
      setKey(null);
    });
  }, []);

  useEffect(() => {
    if (!key) return;
    void loadRoutes();
    unwrap(client.GET("/api/project")).then(setProject, () => setProject(null));
  }, [key]);

  useEffect(() => {
    if (loc.path === "/" || loc.path === "") navigate("/runs", true);
  }, [loc.path]);

  if (!key) {
    return (
      <SignIn
        onSignedIn={(k, p) => {
          session.set(k);
          setProject(p);
          setKey(k);
        }}
      />
    );
  }

  const route = resolve(loc.path);
  const Page = route?.page;
  const signOut = () => {
    session.clear();
    setProject(null);
    setKey(null);
  };

  return (
    <div class="shell">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <Link href="/runs" class="brand" aria-label="Assay home">
          Assay
        </Link>
        <nav aria-label="Main">
          <ul>
            {NAV.map(([href, label, k]) => (
              <li key={href}>
                <Link href={href} aria-current={route?.nav === k ? "page" : undefined}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div class="who">
          <span class="project" title={project?.id} data-testid="project-name">
            {project ? project.name : "…"}
          </span>
          <button type="button" class="link" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          {Page ? (
            <Page key={route.nav === "runs" ? route.params.id : loc.path} params={route.params} />
          ) : (
            <section>
              <h1>Not found</h1>
              <p>
                There is no page at <code>{loc.path}</code>. <Link href="/runs">Go to runs</Link>.
              </p>
            </section>
          )}
        </Suspense>
      </main>
    </div>
  );
}
