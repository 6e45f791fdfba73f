/** Where a pinned file lives upstream: GitHub's raw URL of a path at a commit. Pure. */
export const rawUrl = (repository: string, commit: string, path: string) => `https://raw.githubusercontent.com/${repository}/${commit}/${path}`;
