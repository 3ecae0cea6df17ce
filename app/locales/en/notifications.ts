/** English: the messages of real-time events (studio-admin.md §4), and support's service notification. */
export default {
  notifications: {
    renderFailed: "“{{name}}” could not be rendered. Open its card for the reason.",
    renderCancelled: "Rendering of “{{name}}” was cancelled.",
    actions: {
      download: "Download zip",
      channels: "View channels",
    },
    pages: {
      finished: "The pages of “{{name}}” were changed.",
      failed: "The pages of “{{name}}” could not be changed. The ePaper is unchanged.",
      cancelled: "The page change of “{{name}}” was cancelled. The ePaper is unchanged.",
    },
    previewDone: "The preview of “{{name}}” is ready.",
    zipDone: "The zip package of “{{name}}” is ready to download.",
    publishFailed: "Publishing “{{name}}” failed. Please try again.",
    publishCancelled: "Publishing “{{name}}” was cancelled.",
    previewLinkGenerated: "The preview link of “{{name}}” is ready.",
    publishedToChannel: "“{{name}}” is now published on its channel.",
    channelRemoved: "The channel “{{name}}” was removed.",
    channel: {
      publishing: {
        finished: "The channel “{{name}}” is published.",
        failed: "Publishing the channel “{{name}}” failed.",
        cancelled: "Publishing the channel “{{name}}” was cancelled.",
      },
      create: {
        finished: "The channel “{{name}}” was created.",
        failed: "Creating the channel “{{name}}” failed.",
        cancelled: "Creating the channel “{{name}}” was cancelled.",
      },
      clear: {
        finished: "The channel “{{name}}” was cleared.",
        failed: "Clearing the channel “{{name}}” failed.",
        cancelled: "Clearing the channel “{{name}}” was cancelled.",
      },
      renew: {
        finished: "The channel “{{name}}” was renewed.",
        failed: "Renewing the channel “{{name}}” failed.",
        cancelled: "Renewing the channel “{{name}}” was cancelled.",
      },
    },
    maintenanceStarted: "Maintenance has started. Some actions are not available until it ends.",
    maintenanceEnded: "Maintenance has ended. Please reload the page.",
    service: "{{text}}",
  },
  serviceNotification: {
    open: "Service notification",
    title: "Send a service notification",
    intro:
      "Everyone signed in to the studio sees this message at once, on every open page, until they close it. Plain text only, {{min}} to {{max}} characters.",
    text: "Message",
    level: "Kind of message",
    levels: { info: "Information", success: "Good news", error: "Warning" },
    length: "{{used}} of {{max}} characters",
    send: "Send to everyone",
    sent: "The service notification was sent to everyone signed in.",
    errors: {
      tooShort: "Please write at least {{min}} characters.",
      tooLong: "The message may have at most {{max}} characters.",
      plainText: "Plain text only: no HTML tags or character codes.",
      level: "Please choose the kind of message.",
    },
  },
} as const;
