// Test fixtures imported as text through vite's `?raw` suffix (real files from ../shared/datasets).
declare module "*?raw" {
  const text: string;
  export default text;
}
