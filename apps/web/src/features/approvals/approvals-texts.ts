/** The approval queue's own words; those the server also says are in PUBLISHING_TEXTS. */
export const APPROVALS_TEXTS = {
  pageNote:
    'Posts that editors make or change wait here while the workspace asks for approval. Approve one and it goes out at its time; send it back and its maker gets your note.',
  workspaceLoadFailed: 'Your workspace could not be loaded.',
  queueLoadFailed: 'The posts waiting for approval could not be loaded.',
  cannotApprove: 'You cannot approve posts here',
  cannotApproveNote: (role: string, workspace: string) =>
    `You are ${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role} of ${workspace}: an owner, admin or viewer approves posts. Yours that wait show on the calendar as ‘Waiting for approval’.`,
  empty: 'Nothing waits for approval',
  emptyNote:
    'When an editor makes or changes a post, it waits here until someone approves it or sends it back.',
  approvalOff:
    'Approval is off in this workspace: editors’ posts go out without waiting. Its owner can turn it on in the settings.',
  waitingCount: (count: number) => (count === 1 ? '1 post waits' : `${count} posts wait`),
  madeBy: (name: string) => `Made by ${name}`,
  unknownMaker: 'a former member',
  noCaption: 'No caption',
  /** A waiting post whose time has passed goes out as soon as it is approved. */
  atOnce: 'At once, when approved',
  approveFailed: 'The post could not be approved',
  returnFailed: 'The post could not be sent back',
  returnTitle: 'Send this post back?',
  returnNote: (maker: string) =>
    `${maker} gets it back with your note. Once they change it, it waits for approval again.`,
  noteLabel: 'Note',
  noteHint: 'Its maker reads it with the post, and changes what you ask.',
} as const;
