/** English: the developer kit (issue 14). */
export default {
  devkit: {
    title: "Developer kit",
    tabs: { label: "Developer kit areas", service: "Service", developer: "Developer" },
    loading: "Loading …",
    migrations: { title: "Migrations", pending: "pending", columns: { name: "Migration", executedAt: "Applied" } },
    redis: {
      title: "Redis keys",
      pattern: "Key pattern",
      patternHint: "Glob pattern, for example bull:email:* (at most 200 keys are listed).",
      find: "Find",
      remove: "Remove matching keys",
      removeTitle: "Remove every key matching {{pattern}}?",
      removeText: "The keys are deleted at once. Queues and sessions that use them lose their data.",
      found: "{{count}} keys found",
      more: "More keys match than are listed.",
      none: "No key matches.",
    },
    testEmail: { title: "Test e-mail", text: "Sends a test e-mail to your own address ({{email}}).", send: "Send in {{language}}" },
    forceError: {
      title: "Force an error",
      text: "Every call of your own session answers with the chosen error, except logging in and out and the system preferences. Other users are not affected.",
      label: "Error",
      start: "Force this error",
      stop: "Stop forcing",
      active: "Forced: {{name}}",
    },
    banner: "Developer kit: every call of your session answers with the error {{name}}.",
    bannerStop: "Stop",
    done: {
      forced: "The error is forced on your session.",
      stopped: "The forced error is stopped.",
      removed: "{{count}} keys removed.",
      testEmail: "The test e-mail is on its way to {{email}}.",
    },
    errors: {
      unknownError: "Please choose one of the listed errors.",
      pattern: "Please enter a key pattern of 1 to 200 characters.",
      language: "Please choose a language of the studio.",
    },
  },
} as const;
