"""Help-centre articles about delivery, tracking and changing orders.

*Shipping options and delivery times* is rewritten in October: the first version only says
that costs are "shown at checkout", so questions about the price of express delivery got
half an answer; the second version adds a cost table and the answers recover.
"""

from __future__ import annotations

_SHIPPING_INTRO = """
    We deliver to every address in the EU, the United Kingdom and the United States.
    Delivery times below are counted from the moment your order ships.

    ## Delivery options and times

    - **Standard delivery**: 3-5 business days in the EU and UK, 4-7 business days in the US
    - **Express delivery**: 1-2 business days
    - **Next-day delivery**: order before 10 pm, Monday to Friday, and we deliver the next
      business day; available in the Netherlands, Belgium, Germany and most of the US
      mainland
    - **Evening and Saturday delivery**: available for selected postcodes; you'll see the
      option at checkout

    ## When your order ships

    Orders placed before 10 pm on a business day ship the same day. Orders placed at the
    weekend ship on Monday. Large items ship from a separate warehouse; see *Delivery of
    large items*.
"""

_SHIPPING_SPLIT = """
    ## Split deliveries

    If the items in your order come from different warehouses, they may arrive in separate
    parcels. You don't pay extra for this, and each parcel gets its own tracking number.
"""

SHIPPING = (
    _SHIPPING_INTRO
    + """
    ## Shipping costs

    Shipping costs depend on the delivery option, the size of your order and your address,
    and are shown at checkout before you pay. Orders over €50 (or $60 in the US) qualify
    for free standard delivery.
"""
    + _SHIPPING_SPLIT
)

SHIPPING_V2 = (
    _SHIPPING_INTRO
    + """
    ## Shipping costs

    | Option | EU and UK | US |
    |---|---|---|
    | Standard | €4.95, free over €50 | $5.95, free over $60 |
    | Express | €9.95 | $12.95 |
    | Next-day | €14.95 | $19.95 |
    | Evening or Saturday | €6.95 | not available |

    Brightcart Plus members get free express delivery on every order. Large items have
    their own delivery charges; see *Delivery of large items*.
"""
    + _SHIPPING_SPLIT
)

INTERNATIONAL = """
    Brightcart ships from two warehouses: Tilburg in the Netherlands for Europe, and
    Columbus, Ohio for the United States.

    ## Countries we ship to

    We ship to all 27 EU countries, the United Kingdom, Norway, Switzerland and the United
    States. We don't ship to Canada, Australia or other countries yet, and we can't deliver
    to parcel forwarding services.

    ## Customs and import duties

    Orders within the EU don't have any customs charges. For the United Kingdom, Norway and
    Switzerland, the price at checkout includes import VAT and duties, so there's nothing
    to pay on delivery. US orders ship from our US warehouse and never cross a border.

    ## Delivery times

    Standard delivery to the UK, Norway and Switzerland takes 4-8 business days and costs
    €9.95. Express delivery takes 2-3 business days and costs €19.95. Next-day delivery
    isn't available outside the EU and the US.

    ## Plugs and voltage

    Products from our European site come with EU plugs and are rated for 230 V; UK orders
    come with UK plugs. Products from our US site are rated for 120 V. We can't ship a US
    product to Europe or the other way round.
"""

TRACKING = """
    As soon as your order ships, we email you a tracking link. You can also follow every
    order under *Orders* in your account or in the Brightcart app.

    ## Where to find your tracking number

    Open *Orders* and choose the order. The tracking number and the carrier (PostNL, DHL,
    UPS, or FedEx in the US) are shown under each parcel. If your order was split, each
    parcel has its own number.

    ## What the statuses mean

    - **Order received**: we have your order and your payment
    - **Being prepared**: we're picking and packing it
    - **Shipped**: the parcel is with the carrier; tracking can take up to 24 hours to
      update
    - **Out for delivery**: it arrives today
    - **Delivered**: the carrier has confirmed delivery

    ## Tracking hasn't updated

    Tracking can pause for a day or two in busy periods such as Black Friday week. If it
    hasn't changed for 3 business days, tell us your order number and we'll open an
    investigation with the carrier.
"""

CANCEL_ORDER = """
    Changed your mind before the parcel has left? You can usually cancel or change an order
    yourself.

    ## Cancelling an order

    You can cancel an order free of charge until it has shipped. Open *Orders*, choose the
    order and select *Cancel order*. If the button isn't there, the order has already
    shipped. Pre-orders can be cancelled at any time before they ship.

    ## After the order has shipped

    Orders that have shipped can't be cancelled. You can refuse the delivery, or return
    the items once they arrive; the usual return window applies.

    ## Changing the address or the items

    You can change the delivery address while the status is *Order received*, usually for
    about 30 minutes after you order. We can't add items to an order that has already been
    placed; place a second order instead.

    ## Refunds for cancelled orders

    We refund a cancelled order within 2 business days. If you paid with Klarna, the
    payment plan is cancelled at the same time.
"""

MISSING_PACKAGE = """
    Tracking says *Delivered* but there's no parcel? Most of these turn up within a day.

    ## Check these first

    - Look around your property, with your neighbours and at the parcel point named in the
      tracking
    - Check the delivery photo on the tracking page, if the carrier took one
    - Wait until the end of the next business day; carriers sometimes scan parcels as
      delivered a few hours early

    ## Report it

    If the parcel still hasn't turned up 48 hours after it was marked delivered, open
    *Orders*, select *Report a problem* and then *Parcel not received*. We start an
    investigation with the carrier, which usually takes 3-5 business days.

    ## What happens next

    If the carrier can't find the parcel, we send a replacement or refund you in full,
    whichever you prefer. For orders over €500 we may ask you to sign a short statement
    before we do. You'll get an email at every step, and you don't need to contact the
    carrier yourself.

    ## Delivered to a neighbour or a parcel point

    If the tracking names a neighbour or a parcel point, the parcel is usually there.
    Parcel points keep parcels for 7 days before sending them back to us.
"""

LARGE_DELIVERY = """
    TVs of 65 inches and up, large appliances and furniture are delivered by our
    two-person crew, who bring the item to the room of your choice.

    ## Booking a delivery slot

    After you order, we email you within 2 business days to book a slot. Slots are 2 hours
    long, Monday to Saturday between 8 am and 8 pm. You can move your slot for free up to
    24 hours before it starts.

    ## Delivery charges

    Two-person delivery costs €29 in Europe and $39 in the US per order. Unpacking and
    taking the packaging away are included. Taking away your old appliance costs €15 or $20
    extra and must be booked at checkout.

    ## Before we arrive

    Measure doorways, stairs and lifts, and clear a path. If the crew can't bring the item
    in safely, they leave it at the front door or take it back, and we refund the delivery
    charge.

    ## Installation

    Washing machines, dishwashers and wall-mounted TVs can be installed during the same
    visit; see *Installation and setup service*.
"""

STORE_PICKUP = """
    Prefer to pick your order up? Click & collect is free at our pickup points in
    Amsterdam, Rotterdam, Antwerp, Berlin, Cologne and Chicago.

    ## How it works

    Choose *Click & collect* at checkout and pick a location. We email you when your order
    is ready, usually within 2 hours during opening hours. Items that aren't in stock at
    that location take 2-3 business days. Pickup points are open Monday to Saturday, 10 am
    to 7 pm.

    ## Collecting your order

    Bring the pickup code from the email and a photo ID. Someone else can collect for you
    if they have the code and their own ID; add their name under *Orders* before they go.
    Large appliances can't be collected; they're always delivered.

    ## How long we keep it

    We keep your order for 7 days. After that it's cancelled and refunded automatically.

    ## Returns at a pickup point

    You can drop off a return at any pickup point during opening hours: show the return QR
    code at the counter and we'll do the rest.
"""

CONTACT = """
    Most questions are answered fastest in this help centre or by our chat assistant. If
    you need a person, here's how to reach us.

    ## Chat and phone

    Our customer service team is available by chat and phone Monday to Friday 8 am-8 pm and
    Saturday 9 am-5 pm (CET). The US team is available Monday to Friday 9 am-7 pm (ET).
    Call +31 20 808 4400 in Europe or +1 312 555 0199 in the US.

    ## Email

    Use the contact form under *Help* and then *Contact us*. We reply within 1 business
    day, or within 2 business days in Black Friday week.

    ## Before you contact us

    Have your order number ready; it starts with BC and is in your confirmation email. For
    a damaged or faulty item, photos of the product and the packaging help us solve it in
    one go.

    ## Complaints

    If you're not happy with how we handled your question, reply to our last email and ask
    for a review by a team lead. We respond within 5 business days.
"""

# Indexed by the chatbot's retriever but missing from the help-centre export: the importer
# creates stubs for it from the title and URL found in the log.
GIFT_WRAPPING = """
    Make it a present: gift wrapping is available for most items sold and shipped by
    Brightcart.

    ## Gift wrapping

    Gift wrapping costs €3.95 per item and includes a card with your message of up to 200
    characters. Add it at checkout; it can't be added once the order has been placed.

    ## Gift receipts

    A gift receipt without prices is included in every gift-wrapped parcel.
"""

ARTICLES: tuple[tuple[str, str, str], ...] = (
    ("kb-shipping", "Shipping options and delivery times", SHIPPING),
    ("kb-intl-shipping", "International shipping", INTERNATIONAL),
    ("kb-tracking", "Tracking your order", TRACKING),
    ("kb-cancel-order", "Cancel or change an order", CANCEL_ORDER),
    ("kb-missing-package", "My parcel says delivered but hasn't arrived", MISSING_PACKAGE),
    ("kb-large-delivery", "Delivery of large items", LARGE_DELIVERY),
    ("kb-store-pickup", "Click & collect", STORE_PICKUP),
    ("kb-contact", "Contact customer service", CONTACT),
)

REWRITES: tuple[tuple[str, str, str], ...] = (
    ("kb-shipping", "Shipping options and delivery times", SHIPPING_V2),
)

STUBS: tuple[tuple[str, str, str], ...] = (
    ("kb-gift-wrapping", "Gift wrapping and gift messages", GIFT_WRAPPING),
)
