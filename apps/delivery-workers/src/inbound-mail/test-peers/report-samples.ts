import { ParsedMail, simpleParser } from 'mailparser';
import { REPORT_PARSER_OPTIONS } from '../report-parts';

/** Parses a sample written with \n line ends as it arrives over SMTP (CRLF). */
export function parseReport(raw: string, options = REPORT_PARSER_OPTIONS): Promise<ParsedMail> {
  return simpleParser(Buffer.from(raw.replace(/\r?\n/g, '\r\n')), options);
}

/** A Postfix bounce: one unknown user, the returned message's headers, folded diagnostic. */
export const POSTFIX_BOUNCE = `Return-Path: <>
Received: by mx.clarion.test (Postfix) id 4F1C2E1A2B; Tue, 24 Nov 2026 10:00:01 +0000 (UTC)
Date: Tue, 24 Nov 2026 10:00:01 +0000 (UTC)
From: MAILER-DAEMON@mx.clarion.test (Mail Delivery System)
Subject: Undelivered Mail Returned to Sender
To: bounces@clarion.test
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
\tboundary="4F1C2E1A2B.1764000001/mx.clarion.test"
Message-Id: <20261124100001.4F1C2E1A2B@mx.clarion.test>

This is a MIME-encapsulated message.

--4F1C2E1A2B.1764000001/mx.clarion.test
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mx.clarion.test.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

<Ada@Example.com>: host mail.example.com[192.0.2.10] said: 550 5.1.1
    <ada@example.com>: Recipient address rejected: User unknown (in reply to
    RCPT TO command)

--4F1C2E1A2B.1764000001/mx.clarion.test
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.clarion.test
X-Postfix-Queue-ID: 4F1C2E1A2B
X-Postfix-Sender: rfc822; bounces@clarion.test
Arrival-Date: Tue, 24 Nov 2026 10:00:00 +0000 (UTC)

Final-Recipient: rfc822; Ada@Example.com
Original-Recipient: rfc822;Ada@Example.com
Action: failed
Status: 5.1.1
Remote-MTA: dns; mail.example.com
Diagnostic-Code: smtp; 550 5.1.1 <ada@example.com>: Recipient address
    rejected: User unknown

--4F1C2E1A2B.1764000001/mx.clarion.test
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers

Return-Path: <bounces@clarion.test>
From: Clarion <notifications@clarion.test>
To: Ada@Example.com
Subject: Welcome
Message-ID: <01a2b3c4-0000-7000-8000-000000000001@clarion.test>
Date: Tue, 24 Nov 2026 10:00:00 +0000

--4F1C2E1A2B.1764000001/mx.clarion.test--
`;

/** An Exim bounce of a message to three recipients, with our ENVID; the message is returned whole. */
export const EXIM_SEVERAL_RECIPIENTS = `Return-path: <>
From: Mail Delivery System <Mailer-Daemon@relay.example.org>
To: bounces@clarion.test
Subject: Mail delivery failed: returning message to sender
Message-Id: <E1vAbCd-000123-Xy@relay.example.org>
Date: Tue, 24 Nov 2026 10:05:00 +0000
MIME-Version: 1.0
content-type: MULTIPART/REPORT; REPORT-TYPE=DELIVERY-STATUS; boundary=1764000300-eximdsn-42

--1764000300-eximdsn-42
Content-type: text/plain; charset=us-ascii

This message was created automatically by mail delivery software.

A message that you sent could not be delivered to one or more of its
recipients. This is a permanent error.

--1764000300-eximdsn-42
Content-type: message/delivery-status

reporting-mta: dns; relay.example.org
original-envelope-id: 01a2b3c4-0000-7000-8000-000000000002

action: failed
final-recipient: rfc822;grace@example.org
status: 5.2.2
remote-mta: dns; mx1.example.org
diagnostic-code: smtp; 552 5.2.2 Mailbox full

Action: failed
Final-Recipient: rfc822;<Linus@Example.org>
Status: 5.7.1 (delivery not authorized, message refused)
Remote-MTA: dns; mx1.example.org
Diagnostic-Code: smtp; 550 5.7.1 Message rejected as spam

Action: delivered
Final-Recipient: rfc822;ken@example.org
Status: 2.0.0

--1764000300-eximdsn-42
Content-type: message/rfc822

Return-path: <bounces@clarion.test>
From: notifications@clarion.test
To: grace@example.org, linus@example.org, ken@example.org
Subject: Digest
Message-ID: <01a2b3c4-0000-7000-8000-000000000002@clarion.test>

The digest.

--1764000300-eximdsn-42--
`;

/** A delay warning as Gmail's MTA sends it: the message is still queued. */
export const GMAIL_DELAYED = `From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>
To: bounces@clarion.test
Subject: Delivery Status Notification (Delay)
Date: Tue, 24 Nov 2026 14:00:00 -0800
Message-ID: <5f3c.1764021600@mx.google.com>
MIME-Version: 1.0
Content-Type: multipart/report; boundary="000000000000abc123"; report-type=delivery-status

--000000000000abc123
Content-Type: text/plain; charset="UTF-8"

** Delivery incomplete **

There was a temporary problem delivering your message to margaret@example.net.
Gmail will retry for 46 more hours.

--000000000000abc123
Content-Type: message/delivery-status

Reporting-MTA: dns; googlemail.com
Arrival-Date: Tue, 24 Nov 2026 12:00:00 -0800 (PST)
X-Original-Message-ID: <01a2b3c4-0000-7000-8000-000000000003@clarion.test>

Final-Recipient: rfc822; margaret@example.net
Action: delayed
Status: 4.4.1
Diagnostic-Code: smtp; The recipient server did not accept our requests to
 connect.
Last-Attempt-Date: Tue, 24 Nov 2026 14:00:00 -0800 (PST)
Will-Retry-Until: Thu, 26 Nov 2026 12:00:00 -0800 (PST)

--000000000000abc123
Content-Type: text/rfc822-headers

From: notifications@clarion.test
To: margaret@example.net
Subject: Reminder
Message-ID: <01a2b3c4-0000-7000-8000-000000000003@clarion.test>

--000000000000abc123--
`;

/** A success DSN (RFC 3461 NOTIFY=SUCCESS). */
export const SUCCESS_DSN = `From: MAILER-DAEMON@mx.example.com
To: bounces@clarion.test
Subject: Successful Mail Delivery Report
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="ok-1"

--ok-1
Content-Type: text/plain

Your message was successfully delivered to the destination(s) listed below.

--ok-1
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.com
Original-Envelope-Id: 01a2b3c4-0000-7000-8000-000000000004

Final-Recipient: rfc822; joan@example.com
Action: delivered (to mailbox)
Status: 2.0.0
Remote-MTA: dns; mailbox.example.com

--ok-1
Content-Type: text/rfc822-headers

Message-ID: <01a2b3c4-0000-7000-8000-000000000004@clarion.test>

--ok-1--
`;

/** The ARF example of RFC 5965 appendix B.1, with the message given as message/rfc822. */
export const ARF_ABUSE = `From: <abusedesk@example.com>
Date: Thu, 8 Mar 2005 17:40:36 EDT
Subject: FW: Earn money
To: <abuse@example.net>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report;
     boundary="part1_13d.2e68ed54_boundary"

--part1_13d.2e68ed54_boundary
Content-Type: text/plain; charset="US-ASCII"
Content-Transfer-Encoding: 7bit

This is an email abuse report for an email message received from IP
192.0.2.1 on Thu, 8 Mar 2005 14:00:00 EDT.  For more information
about this format please see http://www.mipassoc.org/arf/.

--part1_13d.2e68ed54_boundary
Content-Type: message/feedback-report

Feedback-Type: abuse
User-Agent: SomeGenerator/1.0
Version: 1
Original-Mail-From: <somespammer@example.net>
Original-Rcpt-To: <User@example.com>
Arrival-Date: Thu, 8 Mar 2005 14:00:00 EDT
Reporting-MTA: dns; mail.example.com
Source-IP: 192.0.2.1
Authentication-Results: mail.example.com;
               spf=fail smtp.mail=somespammer@example.com
Reported-Domain: example.net
Reported-Uri: http://example.net/earn_money.html

--part1_13d.2e68ed54_boundary
Content-Type: message/rfc822

From: <somespammer@example.net>
Received: from mailserver.example.net (mailserver.example.net
     [192.0.2.1]) by example.com with ESMTP id M63d4137594e46;
     Thu, 08 Mar 2005 14:00:00 -0400
To: <Undisclosed Recipients>
Subject: Earn money
MIME-Version: 1.0
Content-type: text/plain
Message-ID: 8787KJKJ3K4J3K4J3K4J3.mail@example.net
Date: Thu, 02 Sep 2004 12:31:03 -0500

Spam Spam Spam
Spam Spam Spam

--part1_13d.2e68ed54_boundary--
`;

/** A minimal complaint of a type RFC 5965 does not name, the message's headers only. */
export const ARF_UNKNOWN_TYPE = `From: fbl@isp.example
To: fbl@clarion.test
Subject: complaint
MIME-Version: 1.0
Content-Type: multipart/report; report-type="feedback-report"; boundary="fb"

--fb
Content-Type: text/plain

A complaint.

--fb
Content-Type: message/feedback-report

feedback-type: Opt-Out
version: 1

--fb
Content-Type: text/rfc822-headers

Message-Id: <01a2b3c4-0000-7000-8000-000000000005@clarion.test>

--fb--
`;
