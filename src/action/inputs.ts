/** The action's inputs, resolved and typed (see action.yml). */
export interface ActionInputs {
  spec: string; // input `spec`, default '.github/data-comparisons.yml'
  comparisons: string[]; // input `comparisons`: names, newline- or comma-separated; [] = all
  mode: 'local' | 'api' | 'auto'; // default auto: api when api-key is set, else local
  apiUrl?: string;
  apiKey?: string;
  workspaceId?: string;
  agentRunId?: string;
  failOn: 'mismatch' | 'error' | 'never'; // default mismatch
  comment: 'always' | 'on-mismatch' | 'never'; // default always (only acts on pull requests)
  commentKey: string; // default: the spec path
  githubToken?: string; // default ${{ github.token }}
  maxDiffRows: number; // default 100
  timeoutMinutes: number; // default 30
  reportDir: string; // default `${RUNNER_TEMP}/datacompare`
}
