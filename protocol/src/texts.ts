/**
 * The product's user-facing texts, verbatim. Server and web both import from here, so a text is
 * written once and every test can assert it.
 */
export const PRODUCT_NAME_DEFAULT = 'Studium';

/**
 * Stands for the product name in the page rendered at build time (index.html); the server puts
 * the configured name in its place when it serves the page, so one setting names the product.
 */
export const PRODUCT_NAME_PLACEHOLDER = '%PRODUCT_NAME%';

export const TEXTS = {
  auth: {
    bothRequired: 'Please enter both username and password',
    passwordsDoNotMatch: 'Passwords do not match',
    usernameRequired: 'Username required',
    loginFailed: 'Login failed',
    networkError: 'Network error. Please try again.',
    registrationFailedStatus: (status: number) => `Registration failed (${status})`,
    registerNetworkError: (message: string) => `Network error: ${message}`,
    registrationSuccessful: 'Registration successful! Please log in.',
    ifYouBelieveError: 'If you believe this is an error',
    logoutFailed: 'Error while logging you out.',
    signingIn: 'Signing in...',
    welcomeBack: (name: string) => `Welcome back, ${name}!`,
    // The welcome names the product: 'Welcome to Studium, ana!'.
    welcomeNew: (product: string, name: string) => `Welcome to ${product}, ${name}!`,
    rankingsLoginRequired: 'Please log in to view rankings',
  },
  notFound: {
    body: "The page you asked for doesn't seem to exist",
    back: 'Back to the home page',
  },
  server: {
    invalidCredentials: 'Invalid username or password.',
    usernameTaken: 'That username is already taken.',
    usernameReserved: 'That username is reserved. Please choose another one.',
    usernameShape: 'Username must be 3–30 characters: letters, digits or underscore.',
    passwordTooShort: 'Password must be at least 8 characters.',
    passwordTooLong: 'Password must be at most 128 characters.',
    passwordTooCommon: 'This password is too common. Please choose another one.',
    passwordLikeUsername: 'Password is too similar to the username.',
    csrfFailed: 'CSRF verification failed. Please refresh the page and try again.',
    originRefused: 'Cross-origin request refused.',
    notLoggedIn: 'Authentication required.',
    forbidden: 'You do not have permission to do that.',
    notFound: 'Not found.',
    invalidInput: 'Invalid input.',
    rateLimited: (seconds: number) =>
      `Too many attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
    bodyTooLarge: 'Request body is too large.',
    malformedUpload: 'The upload could not be read: its form data is malformed. Please try again.',
    internal: 'Something went wrong on our side. Please try again.',
    unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  },
  nav: {
    chatRooms: 'Chat Rooms',
    directMessages: 'Direct Messages',
    matchmaking: 'Matchmaking',
    notifications: 'Notifications',
    reportBug: 'Report bug',
    profile: 'Profile',
    logOut: 'Log out',
    signIn: 'Sign In',
    getStarted: 'Get Started',
    unreadCap: '99+',
  },
  landing: {
    getStarted: 'Get Started',
    signIn: 'Sign In',
    goToChatRooms: 'Go to Chat Rooms',
  },
  about: {
    funFacts: 'Fun Facts',
    collected: [
      'usernames and credentials',
      'messages and reactions',
      'profile and study preferences',
      'matchmaking responses',
      'usage statistics',
      'activity timestamps',
    ],
  },
} as const;

/** Texts of rooms and chat; kept under their own key so the object above stays untouched. */
export const CHAT_TEXTS = {
  rooms: {
    /** The room list's count line: 'Found 1 room', 'Found 5 rooms'. */
    found: (n: number) => `Found ${n} room${n === 1 ? '' : 's'}`,
    nameRequired: 'Name is required',
    nameTooLong: 'Name must be 120 characters or fewer',
    notFound: 'Room not found',
    invalidId: 'Invalid room ID',
    noPermission: 'No permission',
    renamed: 'Room renamed',
    renameFailed: 'Rename failed',
    botsEnabled: 'Bots enabled',
    botsDisabled: 'Bots disabled',
    updateFailed: 'Update failed',
    cannotJoin: 'This room is for members only.',
    /** Adding people to a members-only room (docs/rooms.md, "Members"). */
    addTitle: 'Add people to the room',
    onlyOwnerAdds: "Only the room's owner or a moderator can add people.",
    joinsThemselves: 'Anyone may join this room: people join it themselves.',
    membersRequired: 'Add at least one person.',
    tooManyAtOnce: 'Add at most 20 people at a time.',
    duplicateMembers: 'Each person can be added only once.',
    userNotFound: 'User not found.',
    alreadyMembers: (names: string[]) => `Already in the room: ${names.join(', ')}.`,
    /** 'lea is banned from this room until the ban ends.' */
    bannedMembers: (names: string[]) =>
      `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} banned from this room until the ban ends.`,
  },
  chat: {
    maxChars: 'Max 1000 chars',
    messageRequired: 'Message cannot be empty.',
    pleaseLogIn: 'Please log in',
    noPermission: 'No permission',
    sendFailed: 'Send failed',
    messageNotFound: 'Message not found.',
    replyOtherRoom: 'You can only reply to a message in this room.',
    onlyAuthorEdits: 'Only the author can edit this message.',
    editConflict: 'This message was just edited elsewhere. Please try again.',
    emojiNotAllowed: 'A reaction must be a single emoji.',
    tooManyMentions: 'Too many mentions.',
    malformedFrame: 'Malformed message: expected a JSON object.',
    unknownAction: 'Unknown action.',
    slowDown: 'You are sending too fast. Please slow down.',
    searchTooShort: 'Type at least 2 characters to search.',
    wasDeleted: 'This message was deleted.',
    cannotDelete: 'Only the author or the room owner can delete this message.',
    /** A deleted message in the list (its tombstone). */
    messageDeleted: 'Message deleted',
    /** The quote above a reply to a deleted message. */
    deletedQuote: 'Deleted message',
    deleteTitle: 'Delete message?',
    deleteBody:
      'The message, its reactions and its edit history are erased for everyone. This cannot be undone.',
    deleteConfirm: 'Delete',
    deleteFailed: 'Delete failed',
    editHistoryTitle: 'Edit history',
    editHistoryFailed: 'Failed to load the edit history',
    original: 'Original',
    messageLoadFailed: 'Failed to load the message',
    /** A reaction or a delete asked for while the device is offline: refused at once, not lost later. */
    offlineAction: 'You are offline. Try again once you are back online.',
    /** The message being edited was deleted meanwhile (elsewhere, or by a moderator). */
    editMovedToDraft: 'The message you were editing was deleted. What you typed is in the message box.',
  },
  /** The composer's buttons and hints; touch first: Enter makes a new line (docs/chat.md). */
  composer: {
    insertEmoji: 'Insert emoji',
    pickEmoji: 'Pick an emoji',
    emojiSuggestions: 'Emoji suggestions',
    mentionSuggestions: 'Mention suggestions',
    keysHint: (enterSends: boolean) =>
      enterSends
        ? 'Enter to send · Shift+Enter for a new line · ↑ to edit your last message'
        : 'Enter for a new line · Send to send',
    editHint: (enterSends: boolean) =>
      enterSends
        ? 'Editing message · Enter to save, Shift+Enter for a new line, Escape to cancel'
        : 'Editing message · Enter for a new line, Save to save',
    /** Small, under the input: what a message may contain. */
    formattingHint: 'Markdown, $math$ and :emoji: work here',
  },
  /** Pinned messages and the message's own actions (docs/chat.md). */
  pins: {
    button: 'Pinned',
    title: 'Pinned messages',
    empty: 'No pinned messages yet.',
    loadFailed: 'Failed to load the pinned messages',
    pin: 'Pin message',
    unpin: 'Unpin message',
    pinned: 'Message pinned',
    unpinned: 'Message unpinned',
    pinFailed: 'Pin failed',
    cannotPin: 'Only the room owner or a moderator can pin messages.',
    tooMany: 'This room has the most pinned messages it can have. Unpin one first.',
    pinnedLabel: 'Pinned',
    attachmentOnly: 'Attachment',
  },
  messageActions: {
    toolbar: 'Message actions',
    more: 'More actions',
    copyLink: 'Copy link',
    linkCopied: 'Link copied',
    copyFailed: 'Could not copy the link',
  },
} as const;

/** Texts of profiles, password change and account deletion. */
export const PROFILE_TEXTS = {
  loadFailed: 'Failed to load profile data',
  loadError: 'Error loading profile data',
  updateFailed: 'Failed to update profile',
  updateError: 'Error updating profile',
  uploadFailed: 'Failed to upload image',
  removeFailed: 'Failed to remove image',
  passwordFailed: 'Failed to change password',
  connectionError: 'An error occurred. Please check your internet connection',
  deleteFailed: 'Failed to delete account',
  updated: 'Profile updated successfully',
  pictureUpdated: 'Profile picture updated successfully',
  pictureRemoved: 'Profile picture removed successfully',
  passwordChanged: 'Password changed successfully',
  accountDeleted: 'Account deleted successfully',
  selectImage: 'Please select an image file',
  imageTooLarge: 'Image must be smaller than 5MB',
  pictureNote: 'Maximum file size: 5MB, Supported formats: JPG, PNG, GIF',
  uploading: 'Uploading...',
  changePicture: 'Change Picture',
  removePicture: 'Remove',
  saveProfile: 'Save Profile',
  seeAsOthers: 'See what your profile looks like to others',
  confirmMismatch: 'New password and confirmation do not match',
  samePassword: 'This is already your password',
  refreshPage: 'Please refresh the page and try again',
  deleteConfirm: 'Are you sure you want to delete your account? This action cannot be undone.',
  deleteAccount: 'Delete Account',
  deleting: 'Deleting...',
  privateHint: 'Private: only you can see this',
  publicHint: 'Public: visible to other users',
  userNotFound: 'User not found',
  messageFailed: 'Could not open a conversation',
  // Texts of the server's own refusals.
  wrongOldPassword: 'Your current password is incorrect.',
  unsupportedImage: 'Please upload a JPG, PNG or GIF image.',
  unreadableImage: 'This image could not be read. Please try another file.',
  tooManyPixels: 'This image has too many pixels. Please use a smaller one.',
  pictureMissing: 'Choose a picture to upload.',
  ownAccountOnly: 'You can only delete your own account.',
  websiteUrl: 'Website must be a link starting with http:// or https://',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
} as const;

/** Texts of the rankings page. */
export const RANKINGS_TEXTS = {
  loadFailed: 'Failed to load rankings',
  empty: 'No rankings yet',
  you: 'You',
  unranked: 'No reactions received yet',
  rules: (limit: number) =>
    `Reactions to your own messages never count, and one person's reactions to someone's messages count at most ${limit} ${limit === 1 ? 'time' : 'times'} a day.`,
} as const;

/** Texts of the Direct Messages screen. */
export const DM_PAGE_TEXTS = {
  searchPlaceholder: 'Search users and groups...',
  found: (n: number) => `Found ${n} result${n === 1 ? '' : 's'}`,
  directSection: (n: number) => `Direct Messages (${n})`,
  groupSection: (n: number) => `Group Conversations (${n})`,
  groupSuffix: 'StudyRoom',
  noActivity: 'No activity yet',
  unreadMentions: 'You have unread mentions in this conversation.',
  noMessagesGroup: 'No messages yet. Start a conversation with your group.',
  noMessagesDirect: 'No messages yet. Say hello to start chatting.',
  empty: "You don't have any conversations yet.",
  findPeople: 'Find People',
  loadFailed: 'Failed to load conversations',
  /** Under a list showing only its first rows: how many the button adds, of how many not shown. */
  showMore: (next: number, left: number) =>
    next === left ? `Show ${left} more` : `Show ${next} more of ${left}`,
  invalidRoom: CHAT_TEXTS.rooms.invalidId,
  // Actions of the conversation list.
  newMessage: 'New message',
  newGroup: 'New group',
  noMatches: (q: string) => `No conversations match "${q}"`,
  openFailed: 'Could not open a conversation',
  groupFailed: 'Could not create the group',
  groupCreated: 'Group created',
  pickUsers: 'Pick at least one person',
} as const;

/** Texts of the notifications list and the navbar badge. */
export const NOTIFICATION_PAGE_TEXTS = {
  title: 'Notifications',
  loadFailed: 'Failed to load notifications',
  empty: "You're all caught up.",
  markAllRead: 'Mark all as read',
  markedAllRead: 'All notifications marked as read',
  markFailed: 'Could not mark notifications as read',
  loadMore: 'Load more',
  enableDesktop: 'Enable desktop notifications',
  desktopEnabled: 'Desktop notifications are on',
  desktopDenied: 'Desktop notifications are blocked in your browser settings',
  unreadLabel: (n: string) => `Notifications, ${n} unread`,
  /** A notification of a room the reader may no longer read (docs/notifications.md). */
  withheldTitle: 'Notification no longer available',
  withheldText: 'You no longer have access to where this happened.',
} as const;
