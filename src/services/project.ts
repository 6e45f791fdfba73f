/**
 * The project a request acts for, and its plan: every service takes a
 * ProjectScope (the drizzle handle and the project id every query is scoped
 * by) instead of a request context. I/O: D1 through src/db.
 */
import type { Db } from "../db/client";
import { getProject } from "../db/projects";
import { AppError } from "../domain/errors";

/** Storage as one project sees it. */
export interface ProjectScope {
  db: Db;
  projectId: string;
}

/** 402 unless the project's plan includes evaluations (and, with `needCredits`, credits remain); 404 for no project. */
export async function requirePlan(scope: ProjectScope, needCredits: boolean): Promise<void> {
  const project = await getProject(scope.db, scope.projectId);
  if (!project) throw new AppError("not_found", "project not found");
  if (!project.evaluationsEnabled) throw new AppError("payment_required", "this project's plan does not include evaluations");
  if (needCredits && project.credits <= 0) throw new AppError("payment_required", "this project has no ML-compute credits left");
}
