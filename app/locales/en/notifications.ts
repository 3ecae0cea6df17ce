/** English: the messages of real-time events (studio-admin.md §4). */
export default {
  notifications: {
    renderFailed: "“{{name}}” could not be rendered. Open its card for the reason.",
    renderCancelled: "Rendering of “{{name}}” was cancelled.",
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
} as const;
