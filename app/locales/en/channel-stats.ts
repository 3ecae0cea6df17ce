/** English: a channel's readership statistics (issue 31 item 4, ADR 0053 'Channel statistics'): its screen, its CSV export, its refusal. */
export default {
  channelStats: {
    metaTitle: "Channel statistics: {{name}}",
    menu: "Statistics",
    channels: "Channels",
    showsNow: "Shows now: {{name}}",
    showsNothing: "Shows no ePaper at the moment.",
    empty: "No reader opened this channel between {{from}} and {{to}}.",
    emptyHint: "Reads of this channel's address are counted, whichever ePaper it showed; new reads appear here within a few minutes.",
    epapers: {
      title: "ePapers shown",
      description:
        "Each ePaper read on this channel in the period, the most recently read first, with its reads on this channel only. A reader who saw two of them on one day counts for each.",
      inBin: "in the bin",
    },
    scope: {
      title: "What a channel's statistics show",
      text: "Opens, page views, daily unique readers, downloads, table of contents uses and shares are counted per address, so these are this channel's own. Pages, media elements, search terms, referrers and devices are counted per ePaper over all its addresses (channels, preview links, preview): you find them in each ePaper's statistics.",
    },
    csv: {
      title: "Channel statistics",
      channel: "Channel",
      epapers: "ePapers shown",
      columns: {
        epaper: "ePaper",
        inBin: "In the bin",
        firstDay: "First read",
        lastDay: "Last read",
      },
      yes: "yes",
      no: "no",
    },
    errors: {
      channelNotFound: "This channel does not exist or is not one of your account's channels.",
    },
  },
} as const;
